import { Loader2, Play } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import type { WorkflowConfig } from '@/db/settings';
import { useCan } from '@/lib/use-can';
import type { WorkflowRuntime } from '../hooks/use-workflow-runtime';

/** Title, workflow id, Connected/Disconnected badge and the start button (disabled without webhook in the demo, or while busy). */
export function WorkflowHeader({ config, runtime }: { config: WorkflowConfig; runtime: WorkflowRuntime }) {
  // Starting a run (the server's start, or the webhook's in the demo) is an Editor's.
  const mayStart = useCan('workflow.aiNewsStart');
  return (
    <PageHeader
      title={screenHeader.title}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span>
            Workflow ID:{' '}
            <code data-testid="header-workflow-id" className="font-mono">
              {config.workflowId || '–'}
            </code>
          </span>
          <Badge tone={runtime.connected ? 'ok' : 'error'} data-testid="connection-badge">
            {runtime.connected ? 'Connected' : 'Disconnected'}
          </Badge>
        </span>
      }
      actions={
        <Button
          onClick={runtime.startFromHeader}
          disabled={runtime.webhookMissing || runtime.busy || !mayStart.allowed}
          title={mayStart.reason}
          aria-busy={runtime.busy}
        >
          {runtime.busy ? <Loader2 aria-hidden className="animate-spin" /> : <Play aria-hidden />}
          Run Workflow
        </Button>
      }
    />
  );
}
