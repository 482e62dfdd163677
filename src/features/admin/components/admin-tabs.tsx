import { useSearchParams } from 'react-router-dom';
import { LazyPanel, retryableLazy, WhenOpened } from '@/components/ui/lazy-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
// Every tab loads when opened (the OBS panel, the users dialog, the error log, the switches: ~40 KB gzip), the first
// one too: the heading paints before the keys, the TTS roles and the data code behind them are fetched.
const HealthPolling = retryableLazy(() => import('./health-polling').then((m) => ({ default: m.HealthPolling })));
const ApiKeysTab = retryableLazy(() => import('./api-keys-tab').then((m) => ({ default: m.ApiKeysTab })));
const SocialTab = retryableLazy(() => import('./social-tab').then((m) => ({ default: m.SocialTab })));
const ObsWebSocketTab = retryableLazy(() =>
  import('./obs-websocket-tab').then((m) => ({ default: m.ObsWebSocketTab })),
);
const ErrorLogsTab = retryableLazy(() => import('./error-logs-tab').then((m) => ({ default: m.ErrorLogsTab })));
const SystemTab = retryableLazy(() => import('./system-tab').then((m) => ({ default: m.SystemTab })));
const UsersTab = retryableLazy(() => import('./users-tab').then((m) => ({ default: m.UsersTab })));
const AuditTab = retryableLazy(() => import('./audit-tab').then((m) => ({ default: m.AuditTab })));
const SourcesTab = retryableLazy(() => import('./sources-tab').then((m) => ({ default: m.SourcesTab })));

const TABS = [
  { value: 'api-keys', label: 'API Keys' },
  { value: 'social', label: 'Social Media' },
  { value: 'obs', label: 'OBS WebSocket' },
  { value: 'errors', label: 'Error Logs' },
  { value: 'system', label: 'System' },
  { value: 'users', label: 'Users' },
  { value: 'audit', label: 'Protokoll' },
  { value: 'sources', label: 'Quellen' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((t) => t.value === value);
}

/** The six tabs of SPEC "Admin Settings", Protokoll (the audit trail) and Quellen (the Scraper's feeds); the open tab follows ?tab= so a link can point at it. */
export function AdminTabs() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'api-keys';
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        const next = new URLSearchParams(params);
        next.set('tab', value);
        setParams(next, { replace: true });
      }}
    >
      <TabsList aria-label="Admin settings sections">
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value} className="min-h-10">
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="api-keys">
        <LazyPanel>
          <ApiKeysTab />
        </LazyPanel>
      </TabsContent>
      <TabsContent value="social">
        <LazyPanel>
          <SocialTab />
        </LazyPanel>
      </TabsContent>
      <TabsContent value="obs">
        <LazyPanel>
          <ObsWebSocketTab />
        </LazyPanel>
      </TabsContent>
      <TabsContent value="errors">
        <LazyPanel>
          <ErrorLogsTab />
        </LazyPanel>
      </TabsContent>
      <TabsContent value="system">
        <LazyPanel>
          <SystemTab />
        </LazyPanel>
      </TabsContent>
      <TabsContent value="users">
        <LazyPanel>
          <UsersTab />
        </LazyPanel>
      </TabsContent>
      <TabsContent value="audit">
        <LazyPanel>
          <AuditTab />
        </LazyPanel>
      </TabsContent>
      <TabsContent value="sources">
        <LazyPanel>
          <SourcesTab />
        </LazyPanel>
      </TabsContent>
      <WhenOpened open>
        <HealthPolling />
      </WhenOpened>
    </Tabs>
  );
}
