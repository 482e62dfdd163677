// `npm run check:backend:mock`: the backend check against the reference mock backend (scripts/mock-backend.mjs) on a
// free port, started and stopped here. Part of `npm test`.
import { checkBackend } from './check-backend.mjs';
import { startMockBackend } from './mock-backend.mjs';

const backend = await startMockBackend(0);
const counts = await checkBackend(backend.apiBaseUrl).finally(() => backend.close());
process.exit(counts.failed ? 1 : 0);
