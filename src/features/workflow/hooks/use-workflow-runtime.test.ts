import { initialRuntime, runtimeReducer, type RuntimeEvent, type RuntimeState } from './use-workflow-runtime';

const run = (...events: RuntimeEvent[]): RuntimeState => events.reduce(runtimeReducer, initialRuntime);

test('a start makes the workflow active, connected and running, and notes when', () => {
  expect(run({ type: 'started', at: '2026-11-27T08:00:00.000Z' })).toEqual({
    state: 'active',
    reach: { connected: true, workflowActive: true },
    lastExecution: '2026-11-27T08:00:00.000Z',
    checkingStatus: false,
  });
});

test('a failed start is an error and disconnects; the last execution stays', () => {
  const after = run({ type: 'started', at: '2026-11-27T08:00:00.000Z' }, { type: 'startFailed' });
  expect(after.state).toBe('error');
  expect(after.reach).toEqual({ connected: false, workflowActive: false });
  expect(after.lastExecution).toBe('2026-11-27T08:00:00.000Z');
});

test('a reached webhook connects and keeps what was known of the workflow, else takes the status answer', () => {
  expect(run({ type: 'reached', active: true }).reach).toEqual({ connected: true, workflowActive: true });
  expect(run({ type: 'unreachable' }, { type: 'reached', active: true }).reach).toEqual({
    connected: true,
    workflowActive: false,
  });
});

test('a status check runs, then connects with its answer or disconnects', () => {
  expect(run({ type: 'statusCheckStarted' }).checkingStatus).toBe(true);
  expect(run({ type: 'statusCheckStarted' }, { type: 'statusChecked', active: false })).toMatchObject({
    reach: { connected: true, workflowActive: false },
    checkingStatus: false,
  });
  expect(run({ type: 'statusCheckStarted' }, { type: 'statusCheckFailed' })).toMatchObject({
    state: 'inactive',
    reach: { connected: false, workflowActive: false },
    checkingStatus: false,
  });
});
