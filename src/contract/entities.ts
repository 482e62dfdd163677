// The /api entities (SPEC §3) as zod/mini schemas: the one source of their types for the app, the mocks and the server.
// In three files so that the console can evaluate them in three tasks (lib/api/client.ts loadContract): built at once
// they were one long task on the way to a screen's first data.
export * from './entities/content';
export * from './entities/production';
export * from './entities/admin';
