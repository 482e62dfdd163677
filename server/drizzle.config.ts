import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations from db/schema.ts; they run on PGlite and PostgreSQL alike at start (db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
