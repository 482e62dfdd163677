import { getWorkflowLogs, getPipeline, retryWorkflowRun, startAiNewsWorkflow, triggerWorkflow } from '@/lib/api/workflow';
import { resetStore } from './index';

describe('workflow mock store', () => {
  test('default: five runs (one failed); retry turns it into a success', async () => {
    const runs = await getWorkflowLogs('ai-news-workflow', 10);
    expect(runs).toHaveLength(5);
    expect(runs.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['run-1004']);
    await expect(retryWorkflowRun('run-1004')).resolves.toMatchObject({ id: 'run-1004', status: 'success' });
    expect((await getWorkflowLogs('ai-news-workflow')).every((r) => r.status === 'success')).toBe(true);
  });

  test('limit is honoured and triggers add runs', async () => {
    await triggerWorkflow('ai-news-workflow', { topic: 'Test' });
    await startAiNewsWorkflow({ topic: 'Start' });
    const runs = await getWorkflowLogs('ai-news-workflow', 3);
    expect(runs.map((r) => r.topic)).toEqual(['Start', 'Test', 'KI-Regulierung in der EU']);
  });

  test("'empty' seeds no runs, no variables and pending steps", async () => {
    resetStore('empty');
    await expect(getWorkflowLogs('ai-news-workflow')).resolves.toEqual([]);
    const pipeline = await getPipeline();
    expect(pipeline.variables).toEqual({});
    expect(pipeline.steps.map((s) => s.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
  });
});
