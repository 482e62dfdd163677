// `npm run check:providers`: a smoke test of the server's provider adapters against real accounts (keys from the
// environment; providers without a key are skipped). Needs internet and real keys, so it is not part of `npm test`.
import { checkProviders } from '../../server/adapters/providers/check-providers';

const lines = await checkProviders(process.env);
const failed = lines.filter((l) => l.result === 'FAIL').length;
console.log(
  `${lines.filter((l) => l.result === 'PASS').length} PASS, ${failed} FAIL, ${lines.filter((l) => l.result === 'SKIP').length} SKIP`,
);
process.exit(failed ? 1 : 0);
