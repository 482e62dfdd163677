// `npm run check:backend:mock`: the backend check against the reference mock backend (mock-backend.ts) on a
// free port, started and stopped here. Part of `npm test`.
import { checkBackend } from './check-backend';
import { startMockBackend } from './mock-backend';

const backend = await startMockBackend(0);
const counts = await checkBackend(backend.apiBaseUrl).finally(() => backend.close());
process.exit(counts.failed ? 1 : 0);
