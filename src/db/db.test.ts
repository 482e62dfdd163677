import { databaseName, db } from './db';

test('the operator works in "newsdesk"; each mock scenario has a database of its own', () => {
  expect(db.name).toBe('newsdesk');
  expect(databaseName('default')).toBe('newsdesk');
  expect(databaseName('error')).toBe('newsdesk-scenario-error');
  expect(databaseName('offline')).toBe('newsdesk-scenario-offline');
  expect(databaseName('empty')).toBe('newsdesk-scenario-empty');
  expect(databaseName('slow')).toBe('newsdesk-scenario-slow');
});
