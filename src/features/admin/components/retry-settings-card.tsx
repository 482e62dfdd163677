import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { RetrySettings } from '@/db/settings';
import { useSetting } from '@/db/use-setting';
import { setRetrySettings } from '@/lib/resilience/retry';
import { validateRetrySettings, type RetryErrors, type RetryField } from '../lib/retry-validation';
import { messages } from '../messages';
import { storageFailureMessage } from '@/db/storage-errors';

type Draft = Record<RetryField | 'retryCondition', string>;

function toDraft(s: RetrySettings): Draft {
  return {
    maxRetries: String(s.maxRetries),
    retryDelay: String(s.retryDelay),
    backoffMultiplier: String(s.backoffMultiplier),
    retryCondition: s.retryCondition,
  };
}

const RETRY_CONDITIONS = [
  { value: 'default', label: 'Netzwerk, 5xx, Rate-Limit (Standard)' },
  { value: 'network-only', label: 'Nur Netzwerkfehler' },
  { value: 'server-only', label: 'Nur Serverfehler (5xx)' },
];

const FIELDS: Array<{ field: RetryField; label: string; min: number; max: number; step: number; unit?: string }> = [
  { field: 'maxRetries', label: 'Max retries', min: 1, max: 10, step: 1 },
  { field: 'retryDelay', label: 'Retry delay (ms)', min: 1000, max: 10000, step: 100 },
  { field: 'backoffMultiplier', label: 'Backoff multiplier', min: 1, max: 5, step: 0.1 },
];

/** SPEC §5 retry settings; saved in Dexie ('retry') and applied by lib/resilience at once. */
export function RetrySettingsCard() {
  const [stored, saveRetry] = useSetting('retry');
  const [draft, setDraft] = useState<Draft | null>(null);
  // What this form saved last, shown until the live query catches up (an edit right after Save starts from it).
  const [saved, setSaved] = useState<RetrySettings | null>(null);
  const [errors, setErrors] = useState<RetryErrors>({});
  const baseId = useId();

  // Untouched fields show what is stored; the first edit starts a draft.
  const base = saved ?? stored;
  const current = draft ?? (base ? toDraft(base) : null);
  if (!current) return null;

  const save = async () => {
    const result = validateRetrySettings(current);
    if (!result.ok) {
      setErrors(result.errors);
      toast.error(messages.retry.invalidTitle, { description: Object.values(result.errors).join(' ') });
      return;
    }
    setErrors({});
    try {
      await saveRetry(result.value);
      setRetrySettings(result.value);
      setSaved(result.value);
      setDraft(null);
      toast.success(messages.retry.saved);
    } catch (error) {
      toast.error(messages.keys.saveFailed, { description: storageFailureMessage(error) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Retry settings</CardTitle>
        <CardDescription>Apply to every call at once.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          noValidate
          data-unsaved={draft !== null ? 'true' : undefined}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {FIELDS.map(({ field, label, min, max, step }) => {
            const id = `${baseId}-${field}`;
            return (
              <div key={field} className="space-y-1.5">
                <Label htmlFor={id}>{label}</Label>
                <Input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={min}
                  max={max}
                  step={step}
                  value={current[field]}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `${id}-error` : undefined}
                  onChange={(e) => setDraft({ ...current, [field]: e.target.value })}
                />
                {errors[field] && (
                  <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
                    {errors[field]}
                  </p>
                )}
              </div>
            );
          })}
          <div className="space-y-1.5">
            <Label htmlFor={`${baseId}-condition`}>Retry condition</Label>
            <NativeSelect
              id={`${baseId}-condition`}
              value={current.retryCondition}
              onValueChange={(retryCondition) => setDraft({ ...current, retryCondition })}
              options={RETRY_CONDITIONS}
            />
          </div>
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit">Save retry settings</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
