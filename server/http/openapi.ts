// The document served at /api/openapi.json is the contract's own (src/contract/openapi.ts), the one committed as
// docs/openapi.json: one generator, so the server cannot publish a different contract than the console checks.
import { buildOpenApi } from '../../src/contract/openapi';

let cached: ReturnType<typeof buildOpenApi> | undefined;

/** The OpenAPI 3.1 document of the contract (built once). */
export function buildOpenApiDocument(): ReturnType<typeof buildOpenApi> {
  cached ??= buildOpenApi();
  return cached;
}
