import { databaseName, db } from './db';

test('the operator works in "newsdesk"; the demo and each mock scenario have a database of their own', () => {
  // Tests run in mock mode (the build-time default).
  expect(db.name).toBe('newsdesk-demo');
  expect(databaseName('default', 'live')).toBe('newsdesk');
  expect(databaseName('default', 'mock')).toBe('newsdesk-demo');
  expect(databaseName('default')).toBe('newsdesk-demo');
  expect(databaseName('error')).toBe('newsdesk-scenario-error');
  expect(databaseName('offline')).toBe('newsdesk-scenario-offline');
  expect(databaseName('empty')).toBe('newsdesk-scenario-empty');
  expect(databaseName('slow')).toBe('newsdesk-scenario-slow');
});
