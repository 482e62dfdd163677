import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { SystemToggles } from '@/db/settings';
import { useSetting } from '@/db/use-setting';
import { setDebugLogging } from '@/lib/http/debug';
import { useTheme } from '@/lib/theme';
import { HostChangeDialog, type PendingHostChange } from '@/components/host-change-dialog';
import { showFailureToast } from '@/components/ui/failure-toast';
import { hostChangeMessages } from '@/lib/webhooks/credential-hosts';
import { missingUrlToast } from '@/lib/webhooks/failure-toasts';
import { testWebhook, webhookTestHostChange } from '../api/test-webhook';
import { isWebhookUrl } from '../lib/webhook-url';
import { messages } from '../messages';
import { ReviewCard } from './review-card';
import { SettingsTransferCard } from './settings-transfer-card';
import { storageFailureMessage } from '@/db/storage-errors';

function ToggleRow({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <div className="space-y-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

export function SystemTab() {
  const [theme, setTheme] = useTheme();
  const [system, saveSystem] = useSetting('system');
  const ids = useId();
  const [webhook, setWebhook] = useState<string | null>(null);
  const [webhookError, setWebhookError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [pending, setPending] = useState<PendingHostChange | null>(null);

  const webhookValue = webhook ?? system?.workflowWebhookUrl ?? '';

  const patch = async (change: Partial<SystemToggles>) => {
    try {
      await saveSystem(change);
      if (change.debugMode !== undefined) setDebugLogging(change.debugMode);
      toast.success(messages.system.saved);
    } catch (error) {
      toast.error(messages.keys.saveFailed, { description: storageFailureMessage(error) });
    }
  };

  const checkUrl = (): string | null => {
    const url = webhookValue.trim();
    if (!url) {
      setWebhookError(missingUrlToast('webhook-test').description ?? null);
      showFailureToast('webhook-test');
      return null;
    }
    if (!isWebhookUrl(url)) {
      setWebhookError(messages.system.webhookInvalid);
      return null;
    }
    setWebhookError(null);
    return url;
  };

  const saveWebhook = () => {
    const url = checkUrl();
    if (url) void patch({ workflowWebhookUrl: url });
  };

  const runTest = async () => {
    const url = checkUrl();
    if (!url) return;
    // The stored bearer key goes to a host the Workflow addresses do not name only once the operator agrees.
    const change = await webhookTestHostChange(url);
    if (change) {
      setPending({
        changes: [change],
        description: hostChangeMessages.webhookTestDescription,
        confirmLabel: hostChangeMessages.confirmTest,
        onConfirm: () => void sendTest(url, true),
      });
      return;
    }
    await sendTest(url, false);
  };

  const sendTest = async (url: string, keyConfirmed: boolean) => {
    setTesting(true);
    try {
      const { responseTime } = await testWebhook(url, { keyConfirmed });
      toast.success(messages.system.webhookOk, { description: messages.system.webhookOkDescription(responseTime) });
    } catch (error) {
      showFailureToast('webhook-test', error);
    } finally {
      setTesting(false);
    }
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>System</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <ToggleRow
            id={`${ids}-dark`}
            label="Dark mode"
            description="Same setting as the theme toggle."
            checked={theme === 'dark'}
            onChange={(v) => setTheme(v ? 'dark' : 'light')}
          />
          <ToggleRow
            id={`${ids}-updates`}
            label="Automatic updates"
            description="Install a new version when no form has unsaved input."
            checked={system?.autoUpdates ?? true}
            onChange={(v) => void patch({ autoUpdates: v })}
          />
          <ToggleRow
            id={`${ids}-debug`}
            label="Debug mode"
            description="Log every request to the console (keys redacted)."
            checked={system?.debugMode ?? false}
            onChange={(v) => void patch({ debugMode: v })}
          />
          {system?.debugMode && (
            <p className="text-sm text-muted-foreground" role="status">
              {messages.system.debugOn}
            </p>
          )}
        </CardContent>
      </Card>
      <ReviewCard />
      <Card>
        <CardHeader>
          <CardTitle>Workflow webhook</CardTitle>
          <CardDescription>Used by the automation-based connects.</CardDescription>
        </CardHeader>
        <CardContent
          className="space-y-2"
          data-unsaved={webhook !== null && webhook !== (system?.workflowWebhookUrl ?? '') ? 'true' : undefined}
        >
          <Label htmlFor={`${ids}-webhook`}>Workflow webhook URL</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${ids}-webhook`}
              type="url"
              inputMode="url"
              placeholder="https://n8n.example.com/webhook/ai-news"
              value={webhookValue}
              aria-invalid={webhookError ? true : undefined}
              aria-describedby={webhookError ? `${ids}-webhook-error` : undefined}
              onChange={(e) => {
                setWebhook(e.target.value);
                setWebhookError(null);
              }}
            />
            <HostChangeDialog pending={pending} onClose={() => setPending(null)} />
            <Button variant="outline" onClick={saveWebhook}>
              Save
            </Button>
            <Button variant="secondary" disabled={testing} onClick={() => void runTest()}>
              {testing && <Loader2 className="animate-spin" aria-hidden />}
              Test
            </Button>
          </div>
          {webhookError && (
            <p id={`${ids}-webhook-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {webhookError}
            </p>
          )}
        </CardContent>
      </Card>
      <SettingsTransferCard />
    </div>
  );
}
