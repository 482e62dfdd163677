import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Run, RunHistoryItem } from '@/contract';
import { server } from '@/mocks/node';
import { lazyPanelsLoaded, renderWithProviders } from '../../../../tests/render';
import { runsPollInterval, runsQuery } from '../api/get-runs';
import { WorkflowPage } from './workflow-page';

async function openMonitoring() {
  const user = userEvent.setup();
  renderWithProviders(<WorkflowPage />);
  await screen.findByRole('button', { name: 'Run Workflow' }, { timeout: 5000 });
  await user.click(screen.getByRole('tab', { name: /Monitoring/ }));
  await lazyPanelsLoaded();
  return user;
}

const at = '2024-06-12T10:00:00.000Z';
function run(patch: Partial<Run>): Run {
  return {
    id: 'run-3001',
    workflowId: 'ai-news-workflow',
    topic: 'Energiewende',
    status: 'success',
    engine: 'desk',
    startedAt: at,
    finishedAt: at,
    log: [],
    stages: [
      { stage: 'Scraper', state: 'finished', durationMs: 800 },
      { stage: 'AI Analyse', state: 'finished', durationMs: 1200 },
      { stage: 'TTS', state: 'skipped', reason: 'Kein TTS-Anbieter konfiguriert (ElevenLabs oder Azure Speech).' },
      {
        stage: 'Video Gen',
        state: 'skipped',
        reason: 'Kein Video-Anbieter konfiguriert (HeyGen, Tavus, D-ID oder ModelsLab).',
      },
      { stage: 'Social Post', state: 'pending' },
    ],
    ...patch,
  };
}
const serveRuns = (runs: Run[]) => server.use(http.get('*/api/workflow/runs', () => HttpResponse.json(runs)));

describe('Monitoring: the latest run', () => {
  test('a skipped stage says Übersprungen with its reason under it', async () => {
    serveRuns([run({})]);
    await openMonitoring();
    const tts = await screen.findByTestId('live-stage-TTS');
    expect(tts).toHaveAttribute('data-state', 'skipped');
    expect(tts).toHaveTextContent('Übersprungen');
    expect(within(tts).getByTestId('stage-reason')).toHaveTextContent(
      'Kein TTS-Anbieter konfiguriert (ElevenLabs oder Azure Speech).',
    );
    expect(within(screen.getByTestId('live-stage-Video Gen')).getByTestId('stage-reason')).toHaveTextContent(
      'Kein Video-Anbieter konfiguriert (HeyGen, Tavus, D-ID oder ModelsLab).',
    );
    expect(within(screen.getByTestId('live-stage-Scraper')).queryByTestId('stage-reason')).toBeNull();
    expect(screen.getByTestId('live-run-status')).toHaveTextContent('Erfolgreich');
  });

  test('a run waiting for review says Wartet auf Prüfung', async () => {
    serveRuns([run({ status: 'waiting', finishedAt: undefined })]);
    await openMonitoring();
    await waitFor(() => expect(screen.getByTestId('live-run-status')).toHaveTextContent('Wartet auf Prüfung'));
  });

  test('a rejected run says Abgelehnt', async () => {
    serveRuns([run({ status: 'rejected' })]);
    await openMonitoring();
    await waitFor(() => expect(screen.getByTestId('live-run-status')).toHaveTextContent('Abgelehnt'));
  });

  test('the run list is read every second while a run is running, every 10 s while one waits, not at all otherwise', () => {
    expect(runsQuery().refetchInterval).toBeTypeOf('function');
    expect(runsPollInterval([run({ status: 'running' }), run({ status: 'waiting' })])).toBe(1000);
    expect(runsPollInterval([run({ status: 'success' }), run({ status: 'waiting' })])).toBe(10_000);
    expect(runsPollInterval([run({ status: 'rejected' }), run({ status: 'failed' })])).toBe(false);
    expect(runsPollInterval(undefined)).toBe(false);
  });

  test('while a run waits, the list is not read again within two seconds', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/workflow/runs', () => {
        reads += 1;
        return HttpResponse.json([run({ status: 'waiting', finishedAt: undefined })]);
      }),
    );
    await openMonitoring();
    await waitFor(() => expect(screen.getByTestId('live-run-status')).toHaveTextContent('Wartet auf Prüfung'));
    const seen = reads;
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(reads).toBe(seen);
  });

  test("the demo's latest run lists its Scraper items as links with their sources, and the story", async () => {
    await openMonitoring();
    const items = await screen.findByRole('list', { name: 'Quellen dieses Runs' });
    const link = within(items).getByRole('link', {
      name: 'EU-Kommission legt Zeitplan für die Pflichten des AI Act vor',
    });
    expect(link).toHaveAttribute('href', 'https://articles.newsdesk.example/eu-ai-act-pflichten');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.closest('li')).toHaveTextContent('· Tech News, Reuters');
    expect(within(items).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('run-story')).toHaveTextContent(
      'Meldung: EU-Kommission legt Zeitplan für die Pflichten des AI Act vor',
    );
  });

  test('artefact titles are text; an address that is not a web address is no link', async () => {
    serveRuns([
      run({
        artefacts: [
          {
            kind: 'item',
            id: 'i-1',
            title: '<img src=x onerror=alert(1)>',
            url: 'javascript:alert(1)',
            sources: ['Alpha Nachrichten', 'Beta Zeitung'],
            stage: 'Scraper',
          },
          { kind: 'story', id: 's-1', title: 'Bundestag beschließt Gesetz', stage: 'AI Analyse' },
        ],
      }),
    ]);
    await openMonitoring();
    const items = await screen.findByRole('list', { name: 'Quellen dieses Runs' });
    expect(within(items).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(within(items).queryByRole('link')).toBeNull();
    expect(items).toHaveTextContent('Alpha Nachrichten, Beta Zeitung');
    expect(screen.getByTestId('run-story')).toHaveTextContent('Meldung: Bundestag beschließt Gesetz');
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('Monitoring: the run history', () => {
  test('a rejected run shows Abgelehnt and offers no Retry; a failed one does', async () => {
    const history: RunHistoryItem[] = [
      { id: 'run-2002', timestamp: at, status: 'rejected', duration: '2m 10s', topic: 'Abgelehnte Meldung' },
      { id: 'run-2001', timestamp: at, status: 'failed', duration: '0m 40s', topic: 'Fehlgeschlagen' },
      { id: 'run-2000', timestamp: at, status: 'success', duration: '3m 00s', topic: 'Gelungen' },
    ];
    server.use(http.get('*/api/workflow/logs/:id', () => HttpResponse.json(history)));
    await openMonitoring();
    const rejected = await screen.findByTestId('run-run-2002');
    expect(rejected).toHaveTextContent('Abgelehnt');
    expect(within(rejected).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(rejected).getByRole('button', { name: 'Logs run-2002' })).toBeInTheDocument();
    expect(screen.getByTestId('run-run-2001')).toHaveTextContent('Fehlgeschlagen');
    expect(screen.getAllByRole('button', { name: /^Retry / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Retry run-2001',
    ]);
  });
});
