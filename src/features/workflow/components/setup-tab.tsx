import {
  BookOpen,
  Bot,
  Brain,
  Eye,
  EyeOff,
  FileJson,
  Loader2,
  Mic,
  Play,
  Share2,
  Upload,
  Video,
  Workflow,
} from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import type { Language, Platform, Urgency, WorkflowConfig } from '@/db/settings';
import { HostChangeDialog, type PendingHostChange } from '@/components/host-change-dialog';
import { useMediaFileCheck, withSniffedType } from '@/lib/media/use-media-file-check';
import { unregisterSecret } from '@/lib/security/redact';
import { hostChangeMessages, workflowHostChanges } from '@/lib/webhooks/credential-hosts';
import { UPLOAD_FAILED_TITLE } from '@/lib/webhooks/failure-toasts';
import { showFailureToast } from '@/components/ui/failure-toast';
import { validateWorkflowFile, type ImportedWorkflow } from '@/lib/webhooks/validate-workflow';
import type { WorkflowSettings } from '../hooks/use-workflow-settings';
import { useUploadStatus } from '../api/get-upload-status';
import { useUploadMedia } from '../api/upload-media';
import { useUploadWorkflow } from '../api/upload-workflow';
import type { WorkflowRuntime } from '../hooks/use-workflow-runtime';
import { MSG } from '../messages';
import { NativeSelect } from '@/components/ui/native-select';
import { Field } from './field';
import { STATE_LABEL } from './summary-cards';
import { voiceOptions } from '../lib/voices';
import { deniedProps, useCan } from '@/lib/use-can';

export const N8N_DOCS_URL = 'https://docs.n8n.io/';
const LANGUAGES: Array<{ value: Language; label: string }> = [
  { value: 'de', label: 'Deutsch' },
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
];
const PLATFORMS: Platform[] = ['youtube', 'facebook', 'telegram', 'instagram', 'tiktok'];
const URGENCIES = (['low', 'normal', 'high', 'urgent'] as const satisfies readonly Urgency[]).map((u) => ({
  value: u,
  label: u,
}));
const PIPELINE = [
  { name: 'Scraper', icon: Bot },
  { name: 'AI Analyse', icon: Brain },
  { name: 'TTS', icon: Mic },
  { name: 'Video Gen', icon: Video },
  { name: 'Social Post', icon: Share2 },
];

/** Workflow JSON upload (SPEC §5 checks); a valid file fills the addresses and the workflow id. */
function ImportCard({ settings }: { settings: WorkflowSettings }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [imported, setImported] = useState<ImportedWorkflow | null>(null);
  const [reading, setReading] = useState(false);
  const [pending, setPending] = useState<PendingHostChange | null>(null);
  const register = useUploadWorkflow();
  // An import sends the file to the server too (workflow.n8nUpload): an Editor's.
  const mayImport = useCan('workflow.n8nUpload');
  const backend = useUploadStatus(register.data?.id);
  const id = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const result = await validateWorkflowFile(file, { baseUrl: settings.config.baseUrl });
    setReading(false);
    if (inputRef.current) inputRef.current.value = '';
    if (!result.ok) {
      toast.error(result.title, { description: result.message });
      return;
    }
    const { workflow } = result;
    const patch: Partial<WorkflowConfig> = { workflowId: workflow.id };
    if (workflow.webhookUrl) patch.webhookUrl = workflow.webhookUrl;
    if (workflow.statusUrl) patch.statusUrl = workflow.statusUrl;
    if (workflow.gatewayUrl) patch.gatewayUrl = workflow.gatewayUrl;
    if (workflow.mediaUrl) patch.mediaUrl = workflow.mediaUrl;
    const apply = () => {
      settings.updateConfig(patch);
      setImported(workflow);
      // The backend keeps a copy (SPEC §7 POST /workflow/n8n/upload); the import itself does not depend on it.
      register.mutate(file);
      toast.success(MSG.imported, { description: `${workflow.name} (${workflow.id})` });
    };
    // The stored bearer key would follow the file's addresses: another host is taken only once the operator agrees.
    const changes = workflowHostChanges(settings.config, patch);
    if (changes.length === 0) apply();
    else setPending({ changes, onConfirm: apply, onCancel: () => toast.info(hostChangeMessages.cancelled) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Workflow Import</CardTitle>
        <CardDescription>
          n8n-Export (JSON) hochladen. Die Webhook-Adresse wird aus dem Webhook-Node und der Base URL übernommen.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Field id={id} label="Workflow JSON">
          <Input
            id={id}
            ref={inputRef}
            type="file"
            accept="application/json,.json"
            disabled={reading}
            {...deniedProps(mayImport)}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </Field>
        <HostChangeDialog pending={pending} onClose={() => setPending(null)} />
        {imported && (
          <div
            className="flex items-start gap-2 rounded-md border bg-muted/40 p-3 text-sm"
            data-testid="imported-workflow"
          >
            <FileJson aria-hidden className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0">
              <p className="font-medium">{imported.name}</p>
              <p className="text-muted-foreground">
                ID {imported.id} · {imported.nodeCount} Nodes
              </p>
              {imported.webhookUrl && <p className="break-all font-mono text-xs">{imported.webhookUrl}</p>}
              <p className="text-xs text-muted-foreground" data-testid="backend-status">
                Backend:{' '}
                {register.isPending
                  ? 'wird übertragen …'
                  : register.isError
                    ? 'nicht erreichbar'
                    : backend.data
                      ? `${backend.data.status}${backend.data.active ? ' (aktiv)' : ''}`
                      : '–'}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Addresses of the operator's n8n (kept in Dexie), with the webhook test and the status figures. */
function WebhookConfigCard({ settings, runtime }: { settings: WorkflowSettings; runtime: WorkflowRuntime }) {
  const { config, updateConfig } = settings;
  const base = useId();
  const fields: Array<{ key: 'workflowId' | 'baseUrl' | 'gatewayUrl' | 'statusUrl' | 'mediaUrl'; label: string }> = [
    { key: 'workflowId', label: 'Workflow ID' },
    { key: 'baseUrl', label: 'Base URL' },
    { key: 'gatewayUrl', label: 'Gateway URL' },
    { key: 'statusUrl', label: 'Status URL' },
    { key: 'mediaUrl', label: 'Media Upload URL' },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Webhook Configuration
          <Badge
            tone={runtime.state === 'active' ? 'ok' : runtime.state === 'error' ? 'error' : 'neutral'}
            data-testid="setup-status-badge"
          >
            {STATE_LABEL[runtime.state]}
          </Badge>
        </CardTitle>
        <CardDescription>
          Ausführungen: {runtime.status ? runtime.status.totalExecutions : '–'} · Erfolgsrate:{' '}
          {runtime.status ? `${runtime.status.successRate} %` : '–'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Field id={`${base}-webhook`} label="Webhook URL">
          <div className="flex gap-2">
            <Input
              id={`${base}-webhook`}
              type="url"
              inputMode="url"
              placeholder="https://n8n.example.com/webhook/ai-news"
              value={config.webhookUrl}
              onChange={(e) => updateConfig({ webhookUrl: e.target.value })}
            />
            <Button variant="outline" onClick={runtime.testWebhook} disabled={runtime.testingWebhook}>
              Test
            </Button>
          </div>
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map((f) => (
            <Field key={f.key} id={`${base}-${f.key}`} label={f.label}>
              <Input
                id={`${base}-${f.key}`}
                value={config[f.key]}
                onChange={(e) => updateConfig({ [f.key]: e.target.value })}
              />
            </Field>
          ))}
        </div>
        <ApiKeyField id={`${base}-key`} saved={config.apiKey ?? ''} onSave={(apiKey) => updateConfig({ apiKey })} />
      </CardContent>
    </Card>
  );
}

/**
 * The n8n key is kept as a draft while it is typed and saved (and registered as a secret for redaction) as a
 * whole on blur or Enter: saving every keystroke made every prefix a "secret" that redaction cut out of texts.
 */
function ApiKeyField({ id, saved, onSave }: { id: string; saved: string; onSave: (key: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [showKey, setShowKey] = useState(false);
  const latest = useRef({ draft, saved, onSave });
  useEffect(() => {
    latest.current = { draft, saved, onSave };
  });
  const save = useCallback(() => {
    const { draft: typed, saved: current, onSave: store } = latest.current;
    if (typed === null || typed === current) return;
    // The replaced key is no longer in use; keeping it registered would cut its text out of later messages.
    if (current) unregisterSecret(current);
    store(typed);
  }, []);
  // Leaving the screen with a typed key saves it too (a removed input gets no blur event).
  useEffect(() => save, [save]);
  const commit = () => {
    save();
    setDraft(null);
  };
  return (
    <Field
      id={id}
      label="API Key (optional)"
      hint="Wird nur als Authorization: Bearer gesendet. Gespeichert beim Verlassen des Feldes oder mit Enter."
    >
      <div className="flex gap-2" data-unsaved={draft !== null && draft !== saved ? 'true' : undefined}>
        <Input
          id={id}
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={draft ?? saved}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <Button
          variant="outline"
          size="icon"
          onClick={() => setShowKey((v) => !v)}
          aria-label={showKey ? 'API Key verbergen' : 'API Key anzeigen'}
          aria-pressed={showKey}
        >
          {showKey ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        </Button>
      </div>
    </Field>
  );
}

/** Trigger parameters (SPEC §3, defaults §9) and Start Workflow. */
function ParametersCard({ settings, runtime }: { settings: WorkflowSettings; runtime: WorkflowRuntime }) {
  const { params, updateParams } = settings;
  const base = useId();
  const mayStart = useCan('workflow.aiNewsStart');
  const toggle = (platform: Platform) =>
    updateParams({
      platforms: params.platforms.includes(platform)
        ? params.platforms.filter((p) => p !== platform)
        : [...params.platforms, platform],
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Workflow Parameters</CardTitle>
        <CardDescription>Werden mit jedem Start an den Webhook gesendet.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Field id={`${base}-topic`} label="Topic">
          <Input id={`${base}-topic`} value={params.topic} onChange={(e) => updateParams({ topic: e.target.value })} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${base}-language`} label="Language">
            <NativeSelect
              id={`${base}-language`}
              value={params.language}
              onValueChange={(language) => updateParams({ language })}
              options={LANGUAGES}
            />
          </Field>
          <Field id={`${base}-voice`} label="Voice">
            <NativeSelect
              id={`${base}-voice`}
              value={params.voice}
              onValueChange={(voice) => updateParams({ voice })}
              options={voiceOptions(params.voice)}
            />
          </Field>
          <Field id={`${base}-urgency`} label="Urgency">
            <NativeSelect
              id={`${base}-urgency`}
              value={params.urgency}
              onValueChange={(urgency) => updateParams({ urgency })}
              options={URGENCIES}
            />
          </Field>
          <Field id={`${base}-category`} label="Category">
            <Input
              id={`${base}-category`}
              value={params.category}
              onChange={(e) => updateParams({ category: e.target.value })}
            />
          </Field>
        </div>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Platforms</legend>
          <div className="flex flex-wrap gap-2">
            {PLATFORMS.map((p) => (
              <Button
                key={p}
                size="sm"
                className="min-h-10"
                variant={params.platforms.includes(p) ? 'default' : 'outline'}
                aria-pressed={params.platforms.includes(p)}
                onClick={() => toggle(p)}
              >
                {p}
              </Button>
            ))}
          </div>
        </fieldset>
        <Button
          onClick={runtime.startFromSetup}
          disabled={runtime.busy || !mayStart.allowed}
          title={mayStart.reason}
          aria-busy={runtime.busy}
        >
          {runtime.busy ? <Loader2 aria-hidden className="animate-spin" /> : <Play aria-hidden />}
          Start Workflow
        </Button>
      </CardContent>
    </Card>
  );
}

/** Media upload to the media address with progress (SPEC §7, §8); the file is checked by content first (lib/media). */
function MediaUploadCard({ config }: { config: WorkflowConfig }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { checkOf, watch } = useMediaFileCheck();
  const upload = useUploadMedia(config);
  const id = useId();
  const pick = (picked: File | null) => {
    setFile(picked);
    setProgress(null);
    setRefusal(null);
    if (!picked) return;
    watch(picked, setRefusal);
  };
  const start = async () => {
    if (!config.mediaUrl.trim()) {
      showFailureToast('media-upload');
      return;
    }
    if (!file) return;
    const checked = await checkOf(file);
    if (!checked.ok) {
      setRefusal(checked.reason);
      toast.error(UPLOAD_FAILED_TITLE, { description: checked.reason });
      return;
    }
    const typed = withSniffedType(file, checked.media);
    setProgress(0);
    upload.mutate(
      { file: typed, onProgress: setProgress },
      {
        onSuccess: () => toast.success(MSG.uploaded, { description: file.name }),
        onError: (error) => {
          setProgress(null);
          showFailureToast('media-upload', error);
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Media Upload</CardTitle>
        <CardDescription>Datei an die Media Upload URL senden (Feld „media“ mit Metadaten).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Field id={id} label="Media file">
          <Input
            id={id}
            type="file"
            accept="video/*,audio/*,image/*"
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            aria-invalid={refusal !== null}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
          />
        </Field>
        {refusal && (
          <p id={`${id}-refusal`} role="alert" className="text-sm text-destructive">
            {refusal}
          </p>
        )}
        <Button
          variant="outline"
          onClick={() => void start()}
          disabled={!file || refusal !== null || upload.isPending}
          aria-busy={upload.isPending}
        >
          {upload.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Upload aria-hidden />}
          Upload Media
        </Button>
        {progress !== null && (
          <div className="space-y-1">
            <Progress value={progress} aria-label="Upload-Fortschritt" />
            <p className="text-xs text-muted-foreground" data-testid="upload-progress">
              {progress} %
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** n8n Setup tab. */
export function SetupTab({ settings, runtime }: { settings: WorkflowSettings; runtime: WorkflowRuntime }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <ImportCard settings={settings} />
        <WebhookConfigCard settings={settings} runtime={runtime} />
        <ParametersCard settings={settings} runtime={runtime} />
        <MediaUploadCard config={settings.config} />
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <div className="space-y-1.5">
            <CardTitle className="flex items-center gap-2">
              <Workflow aria-hidden className="size-4" />
              AI-News Pipeline
            </CardTitle>
            <CardDescription>Die fünf Schritte des n8n Workflows.</CardDescription>
          </div>
          <Button variant="outline" asChild>
            <a href={N8N_DOCS_URL} target="_blank" rel="noopener noreferrer">
              <BookOpen aria-hidden />
              n8n Documentation
            </a>
          </Button>
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-2 sm:flex-row sm:items-center" aria-label="Pipeline">
            {PIPELINE.map((step, index) => (
              <li key={step.name} className="flex items-center gap-2 sm:flex-1">
                <span className="flex flex-1 items-center gap-2 rounded-md border bg-muted/40 p-3 text-sm font-medium">
                  <step.icon aria-hidden className="size-4" />
                  {step.name}
                </span>
                {index < PIPELINE.length - 1 && (
                  <span aria-hidden className="hidden text-muted-foreground sm:inline">
                    →
                  </span>
                )}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
