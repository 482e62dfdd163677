import { defineConfig } from 'drizzle-kit';

// The SQL migrations from data/db/schema.ts; PGlite and PostgreSQL alike run them at start (data/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/data/db/schema.ts',
  out: './server/data/db/migrations',
});
