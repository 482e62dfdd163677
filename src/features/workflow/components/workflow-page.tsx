import { Activity, Cable, Settings2, Plug } from 'lucide-react';

import { LazyPanel, retryableLazy } from '@/components/ui/lazy-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Skeleton } from '@/components/ui/skeleton';
import { useWorkflowSettings, type WorkflowSettings } from '../hooks/use-workflow-settings';
import { useWorkflowRuntime } from '../hooks/use-workflow-runtime';
import { SummaryCards } from './summary-cards';
import { WorkflowHeader } from './workflow-header';

// The tabs not open at first (their dialog, zod, file checks and provider tests: ~30 KB gzip) load when opened.
const SetupTab = retryableLazy(() => import('./setup-tab').then((m) => ({ default: m.SetupTab })));
const ApiServicesTab = retryableLazy(() => import('./api-services-tab').then((m) => ({ default: m.ApiServicesTab })));
// The open tab too: the heading and the summary paint before its tests and progress bars (the route's byte budget).
const ConnectionTestTab = retryableLazy(() =>
  import('./connection-test-tab').then((m) => ({ default: m.ConnectionTestTab })),
);
const MonitoringTab = retryableLazy(() => import('./monitoring-tab').then((m) => ({ default: m.MonitoringTab })));

/** /dashboard/workflow: drives the operator's n8n AI-News workflow (SPEC "Workflow screen"). */
export function WorkflowPage() {
  const settings = useWorkflowSettings();
  // Nothing runs against the default addresses before the stored ones are known.
  if (!settings.loaded) {
    return (
      <div className="space-y-6" aria-busy="true">
        <h1 className="text-2xl font-bold tracking-tight">n8n AI-News Workflow</h1>
        <Skeleton className="h-28" />
      </div>
    );
  }
  return <WorkflowScreen settings={settings} />;
}

function WorkflowScreen({ settings }: { settings: WorkflowSettings }) {
  const runtime = useWorkflowRuntime(settings.config, settings.params);
  return (
    <div className="space-y-6" data-unsaved={settings.saveFailed ? 'true' : undefined}>
      <WorkflowHeader config={settings.config} runtime={runtime} />
      <SummaryCards config={settings.config} runtime={runtime} />
      <Tabs defaultValue="connection">
        <TabsList aria-label="Workflow-Bereiche">
          <TabsTrigger value="connection">
            <Cable aria-hidden className="size-4" />
            Connection Test
          </TabsTrigger>
          <TabsTrigger value="setup">
            <Settings2 aria-hidden className="size-4" />
            n8n Setup
          </TabsTrigger>
          <TabsTrigger value="services">
            <Plug aria-hidden className="size-4" />
            API Services
          </TabsTrigger>
          <TabsTrigger value="monitoring">
            <Activity aria-hidden className="size-4" />
            Monitoring
          </TabsTrigger>
        </TabsList>
        <TabsContent value="connection">
          <LazyPanel>
            <ConnectionTestTab config={settings.config} runtime={runtime} />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="setup">
          <LazyPanel>
            <SetupTab settings={settings} runtime={runtime} />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="services">
          <LazyPanel>
            <ApiServicesTab />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="monitoring">
          <LazyPanel>
            <MonitoringTab settings={settings} runtime={runtime} />
          </LazyPanel>
        </TabsContent>
      </Tabs>
    </div>
  );
}
