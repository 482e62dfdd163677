// @vitest-environment node
import { cspPolicy, inlineScriptHashes } from '../scripts/build/csp';

test('inline scripts are hashed exactly as written; scripts with src are not hashed', () => {
  const html = '<head><script>alert(1)</script><script type="module" src="/assets/index.js"></script></head>';
  // sha256 of "alert(1)", base64 (openssl dgst -sha256 -binary | base64)
  expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  expect(inlineScriptHashes('<script>alert(1) </script>')).not.toEqual(inlineScriptHashes('<script>alert(1)</script>'));
});

test('the policy allows scripts only from self and the hashes; the header adds frame-ancestors', () => {
  const meta = cspPolicy(["'sha256-abc='"]);
  expect(meta).toContain("script-src 'self' 'report-sample' 'sha256-abc='");
  expect(/script-src ([^;]*)/.exec(meta)?.[1]).not.toMatch(/unsafe/);
  expect(meta).not.toContain('frame-ancestors');
  expect(cspPolicy([], { header: true })).toContain("frame-ancestors 'self'");
});
