import { FileJsonIcon, Loader2Icon, SendIcon, UploadIcon } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { showFailureToast } from '@/components/ui/failure-toast';
import { ApiError, bodyMessage, errorMessage } from '@/lib/http/api-error';
import { deniedProps, useCan } from '@/lib/use-can';
import { useTriggerVideoWebhook } from '../api/trigger-webhook';
import { useUploadWorkflow } from '../api/upload-workflow';
import type { WorkflowDraft } from '../lib/draft';
import { readWorkflowFile } from '../lib/workflow-file';
import { messages } from '../messages';
import type { WebhookService } from '../lib/options';
import { ChoiceCard } from '@/components/ui/choice-card';

const SERVICES: Array<{ id: WebhookService; name: string; description: string }> = [
  { id: 'n8n', name: 'n8n', description: 'Webhook node of your n8n workflow' },
  { id: 'zapier', name: 'Zapier', description: 'Catch Hook of your Zap (sent without CORS)' },
];

/**
 * Workflow Integration: webhook URL, a .json workflow file with a 200-character preview that the operator then uploads
 * (POST /workflow/upload), and the trigger.
 */
export function WorkflowIntegration({
  draft,
  onChange,
  platform,
  script,
}: {
  draft: WorkflowDraft;
  onChange: (patch: Partial<WorkflowDraft>) => void;
  platform: string;
  script: string;
}) {
  const ids = { url: useId(), file: useId(), preview: useId() };
  const trigger = useTriggerVideoWebhook();
  const upload = useUploadWorkflow();
  const mayUpload = useCan('workflow.upload');

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      onChange({ file: await readWorkflowFile(file) });
      upload.reset();
    } catch {
      toast.error(messages.workflowReadFailed);
    } finally {
      // The same file can be chosen again after a fix.
      input.value = '';
    }
  };

  // Read and previewed in the browser first; sent only when the operator confirms with Upload.
  const onUpload = () => {
    const chosen = draft.file;
    if (!chosen) return;
    upload.mutate(chosen, {
      onSuccess: () => toast.success(messages.workflowUploaded, { description: chosen.name }),
      onError: (error) =>
        // The server's German reason (not JSON, not an n8n workflow, n8n not configured) rather than the status line.
        toast.error(messages.workflowReadFailed, {
          description: errorMessage((error instanceof ApiError && bodyMessage(error)) || error),
        }),
    });
  };

  const onTrigger = () => {
    const service = draft.service;
    if (!draft.url.trim()) {
      showFailureToast('video-trigger', undefined, { subject: service });
      return;
    }
    trigger.mutate(
      { service, url: draft.url, platform, script },
      {
        onSuccess: () => toast.success(messages.workflowStarted),
        onError: (error) => showFailureToast('video-trigger', error, { subject: service }),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Automation service</CardTitle>
          <CardDescription>The trigger sends the platform and script of the New Video tab.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">Automation service</legend>
            {SERVICES.map((s) => (
              <ChoiceCard
                key={s.id}
                name="video-webhook-service"
                value={s.id}
                checked={draft.service === s.id}
                onSelect={(v) => onChange({ service: v as WebhookService })}
              >
                <span>
                  <span className="block font-medium">{s.name}</span>
                  <span className="block text-xs text-muted-foreground">{s.description}</span>
                </span>
              </ChoiceCard>
            ))}
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={ids.url}>Webhook URL</Label>
            <Input
              id={ids.url}
              type="url"
              inputMode="url"
              value={draft.url}
              onChange={(e) => onChange({ url: e.target.value })}
              placeholder={
                draft.service === 'n8n'
                  ? 'https://n8n.example.com/webhook/video'
                  : 'https://hooks.zapier.com/hooks/catch/…'
              }
            />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Platform</dt>
            <dd>{platform}</dd>
            <dt className="text-muted-foreground">Script</dt>
            <dd className="truncate">{script.trim() ? `${script.length} characters` : '—'}</dd>
          </dl>
          <Button onClick={onTrigger} disabled={trigger.isPending}>
            {trigger.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
            Trigger workflow
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Workflow file</CardTitle>
          <CardDescription>An exported workflow (.json).</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={ids.file}>Workflow file</Label>
            <Input
              id={ids.file}
              type="file"
              accept=".json"
              onChange={(e) => void onFile(e)}
              className="cursor-pointer"
            />
          </div>
          {draft.file && (
            <div className="space-y-2">
              <p className="flex items-center gap-2 text-sm font-medium" id={ids.preview}>
                <FileJsonIcon className="size-4" aria-hidden />
                {draft.file.name}
              </p>
              <pre
                aria-labelledby={ids.preview}
                data-testid="workflow-preview"
                className="max-h-48 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-all"
              >
                {draft.file.preview}
              </pre>
              <Button onClick={onUpload} disabled={upload.isPending} {...deniedProps(mayUpload)}>
                {upload.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <UploadIcon aria-hidden />}
                Upload workflow
              </Button>
              {upload.isSuccess && (
                <p className="text-sm text-muted-foreground" role="status">
                  {messages.workflowUploaded}: {upload.data.name}
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
