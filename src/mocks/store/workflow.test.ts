import { callApi } from '@/lib/api/client';
import { resetStore } from './index';

const getWorkflowLogs = (id: string, limit = 10) => callApi('workflow.logs', { params: { id }, query: { limit } });

describe('workflow mock store', () => {
  test('default: five runs (one failed); retry turns it into a success', async () => {
    const runs = await getWorkflowLogs('ai-news-workflow', 10);
    expect(runs).toHaveLength(5);
    expect(runs.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['run-1004']);
    await expect(callApi('workflow.retry', { params: { id: 'run-1004' } })).resolves.toMatchObject({
      id: 'run-1004',
      status: 'success',
    });
    expect((await getWorkflowLogs('ai-news-workflow')).every((r) => r.status === 'success')).toBe(true);
  });

  test('limit is honoured and triggers add runs', async () => {
    await callApi('workflow.trigger', { params: { id: 'ai-news-workflow' }, body: { topic: 'Test' } });
    await callApi('workflow.aiNewsStart', { body: { topic: 'Start' } });
    const runs = await getWorkflowLogs('ai-news-workflow', 3);
    expect(runs.map((r) => r.topic)).toEqual(['Start', 'Test', 'KI-Regulierung in der EU']);
  });

  test("'empty' seeds no runs, no variables and pending steps", async () => {
    resetStore('empty');
    await expect(getWorkflowLogs('ai-news-workflow')).resolves.toEqual([]);
    const pipeline = await callApi('workflow.pipeline');
    expect(pipeline.variables).toEqual({});
    expect(pipeline.steps.map((s) => s.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
  });
});

describe('workflow mock store: run artefacts', () => {
  test("a demo run shows its Scraper's items once the Scraper has finished, and the story after AI Analyse", async () => {
    const [latest] = await callApi('workflow.runs', { query: { limit: 1 } });
    expect(latest.artefacts?.filter((a) => a.kind === 'item').map((a) => [a.title, a.sources])).toEqual([
      ['EU-Kommission legt Zeitplan für die Pflichten des AI Act vor', ['Tech News', 'Reuters']],
      ['Neuer KI-Chip halbiert den Stromverbrauch von Rechenzentren', ['Tech News']],
      ['Offenes Sprachmodell erreicht Spitzenwerte in Benchmarks', ['Tech News']],
    ]);
    expect(latest.artefacts?.find((a) => a.kind === 'story')).toMatchObject({
      title: 'EU-Kommission legt Zeitplan für die Pflichten des AI Act vor',
      stage: 'AI Analyse',
    });
    const { executionId } = await callApi('workflow.aiNewsStart', { body: { topic: 'Inflation im Euroraum' } });
    const [started] = await callApi('workflow.runs', { query: { limit: 1 } });
    expect(started.id).toBe(executionId);
    expect(started.artefacts).toBeUndefined();
    // 1.5 s later the Scraper has finished: the stored items that name the topic come first.
    const { workflowStore, DEMO_STAGE_MS } = await import('./workflow');
    const [scraped] = workflowStore.liveRuns(1, Date.now() + DEMO_STAGE_MS + 100);
    expect(scraped.artefacts?.map((a) => a.title)[0]).toBe('Inflation im Euroraum sinkt im Mai auf 2,6 Prozent');
    expect(scraped.artefacts?.some((a) => a.kind === 'story')).toBe(false);
  });
});
