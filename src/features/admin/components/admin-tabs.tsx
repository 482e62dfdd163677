import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHealthChecks } from '../api/health';
import { ApiKeysTab } from './api-keys-tab';
import { ErrorLogsTab } from './error-logs-tab';
import { ObsWebSocketTab } from './obs-websocket-tab';
import { SocialTab } from './social-tab';
import { SystemTab } from './system-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { value: 'api-keys', label: 'API Keys' },
  { value: 'social', label: 'Social Media' },
  { value: 'obs', label: 'OBS WebSocket' },
  { value: 'errors', label: 'Error Logs' },
  { value: 'system', label: 'System' },
  { value: 'users', label: 'Users' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((t) => t.value === value);
}

/** The six tabs of SPEC "Admin Settings"; the open tab follows ?tab= so a link can point at it. */
export function AdminTabs() {
  // Health is polled every 30000 ms while the screen is open, whichever tab is shown (the API Keys badges read the same cache).
  useHealthChecks();
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
      <TabsContent value="api-keys"><ApiKeysTab /></TabsContent>
      <TabsContent value="social"><SocialTab /></TabsContent>
      <TabsContent value="obs"><ObsWebSocketTab /></TabsContent>
      <TabsContent value="errors"><ErrorLogsTab /></TabsContent>
      <TabsContent value="system"><SystemTab /></TabsContent>
      <TabsContent value="users"><UsersTab /></TabsContent>
    </Tabs>
  );
}
