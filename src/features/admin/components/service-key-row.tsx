import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { SavedKey, TestResult } from '@/contract';
import { redact } from '@/lib/security/redact';
import { formatTime } from '@/lib/format';
import { messages } from '../messages';
import { maskKey, type ApiServiceEntry } from '../lib/services';

export interface ServiceKeyRowProps {
  service: ApiServiceEntry;
  savedKey: string | undefined;
  /** Live mode: the server's masked form of its key (the browser never holds the key). */
  serverKey?: SavedKey;
  result: TestResult | undefined;
  showKeys: boolean;
  role?: 'primary' | 'backup';
  testing: boolean;
  onSave: (key: string) => Promise<boolean>;
  onTest: (key: string) => void;
  /** Live mode and a provider without a free test call: no Test, and the row says why (no pretended online/offline). */
  untestable?: boolean;
  /** Why the signed-in role may not save a key (the Save button is disabled and says so). */
  saveDenied?: string;
  /** Why the signed-in role may not test a key (test.* are an Admin's: the Test button is disabled and says so). */
  testDenied?: string;
}

/** One provider: status badge, last test, the saved key (masked) and a field for a new one. */
export function ServiceKeyRow({
  service,
  savedKey,
  serverKey,
  result,
  showKeys,
  role,
  testing,
  onSave,
  onTest,
  untestable,
  saveDenied,
  testDenied,
}: ServiceKeyRowProps) {
  const inputId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const key = draft.trim();
    if (!key) {
      setError(messages.keys.empty);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      if (await onSave(key)) setDraft('');
    } finally {
      setSaving(false);
    }
  };

  const online = result?.status === 'online' || (result?.status === undefined && result?.success);
  return (
    <li
      className="space-y-3 rounded-md border p-4"
      data-testid={`service-${service.id}`}
      data-unsaved={draft.trim() ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{service.name}</span>
            {role === 'primary' && <Badge tone="info">Primary</Badge>}
            {role === 'backup' && <Badge tone="outline">Backup</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">{service.description}</p>
        </div>
        <div className="flex flex-col items-end gap-1 text-right">
          {untestable ? (
            <Badge tone="neutral" data-testid={`status-${service.id}`}>
              {messages.keys.notTestable}
            </Badge>
          ) : result ? (
            <Badge tone={online ? 'ok' : 'error'} data-testid={`status-${service.id}`}>
              {online ? 'online' : 'offline'}
            </Badge>
          ) : (
            <Badge tone="neutral" data-testid={`status-${service.id}`}>
              unknown
            </Badge>
          )}
          <span className="text-xs text-muted-foreground" data-testid={`tested-${service.id}`}>
            {result?.lastTested ? `Zuletzt getestet: ${formatTime(result.lastTested)}` : messages.keys.neverTested}
          </span>
          {result && (
            <span className="text-xs text-muted-foreground" data-testid={`rt-${service.id}`}>
              {result.responseTime} ms
            </span>
          )}
        </div>
      </div>
      {untestable && (
        <p role="note" className="text-xs text-muted-foreground">
          {messages.keys.noKeyTest(service.name)}
        </p>
      )}
      {!untestable && result && !online && result.error && (
        <p className="text-xs text-red-700 dark:text-red-400">{redact(result.error)}</p>
      )}
      <p className="font-mono text-sm" data-testid={`saved-${service.id}`}>
        {serverKey
          ? `${serverKey.masked}${serverKey.source === 'environment' ? ` (${messages.keys.fromEnvironment})` : ''}`
          : savedKey
            ? showKeys
              ? savedKey
              : maskKey(savedKey)
            : messages.keys.noKey}
      </p>
      {serverKey && !serverKey.readable && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {messages.keys.unreadable}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={inputId}>{`${service.name} API Key`}</Label>
          <Input
            id={inputId}
            type={showKeys ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={draft}
            placeholder={savedKey || serverKey ? 'Neuen Schlüssel eingeben' : 'Schlüssel eingeben'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
            }}
          />
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            aria-label={`Test ${service.name}`}
            disabled={testing || untestable || testDenied !== undefined}
            title={testDenied}
            onClick={() => onTest(draft.trim() || savedKey || '')}
          >
            {testing && <Loader2 className="animate-spin" aria-hidden />}
            Test
          </Button>
          <Button
            aria-label={`Save ${service.name}`}
            disabled={saving || saveDenied !== undefined}
            title={saveDenied}
            onClick={() => void save()}
          >
            Save
          </Button>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}
