import { Loader2 } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { deniedProps, type Can } from '@/lib/use-can';
import { validateSource, type SourceDraft, type SourceErrors, type SourceField } from '../lib/source-validation';

export const LANGUAGES: ReadonlyArray<{ value: SourceDraft['language']; label: string }> = [
  { value: 'de', label: 'Deutsch' },
  { value: 'en', label: 'Englisch' },
  { value: 'es', label: 'Spanisch' },
  { value: 'fr', label: 'Französisch' },
];
// SPEC §3's categories as suggestions; any other category may be typed.
const CATEGORIES = ['Technologie', 'Umwelt', 'Wirtschaft', 'Wissenschaft', 'Gesundheit'];

export const EMPTY_SOURCE: SourceDraft = { name: '', url: '', category: '', language: 'de', enabled: true };

interface SourceFormProps {
  initial: SourceDraft;
  submitLabel: string;
  pending: boolean;
  /** Saves the checked values; rejects when the server refused them (the caller tells the operator). */
  onSave: (value: SourceDraft) => Promise<unknown>;
  /** The add form starts empty again after a save; the edit form is closed by its caller. */
  resetAfterSave?: boolean;
  onCancel?: () => void;
  /** Whether the signed-in role may save (sources.create or sources.update); the submit button says why not. */
  may?: Can;
}

/** Name, Feed-Adresse, Kategorie, Sprache, Aktiv: checked with the contract's schema, its messages at the fields. */
export function SourceForm({
  initial,
  submitLabel,
  pending,
  onSave,
  resetAfterSave = false,
  onCancel,
  may = { allowed: true },
}: SourceFormProps) {
  const base = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SourceErrors>({});
  const change = (patch: Partial<SourceDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const dirty = (Object.keys(initial) as Array<keyof SourceDraft>).some((k) => draft[k] !== initial[k]);

  const submit = async () => {
    const checked = await validateSource(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await onSave(checked.value);
      if (resetAfterSave) setDraft(initial);
    } catch {
      // The caller has shown the server's message; the draft stays for a correction.
    }
  };

  const text = (field: SourceField, label: string, props: ComponentProps<typeof Input> = {}) => {
    const id = `${base}-${field}`;
    const error = errors[field];
    return (
      <div className="space-y-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={draft[field]}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => change({ [field]: e.target.value })}
          {...props}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      data-unsaved={dirty ? 'true' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {text('name', 'Name')}
      {text('url', 'Feed-Adresse', { type: 'url', inputMode: 'url', placeholder: 'https://example.org/feed.xml' })}
      {text('category', 'Kategorie', { list: `${base}-categories` })}
      <datalist id={`${base}-categories`}>
        {CATEGORIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="space-y-1.5">
        <Label htmlFor={`${base}-language`}>Sprache</Label>
        <NativeSelect
          id={`${base}-language`}
          value={draft.language}
          onValueChange={(language) => change({ language })}
          options={LANGUAGES}
        />
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch id={`${base}-enabled`} checked={draft.enabled} onCheckedChange={(enabled) => change({ enabled })} />
        <Label htmlFor={`${base}-enabled`}>Aktiv</Label>
      </div>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Abbrechen
          </Button>
        )}
        <Button type="submit" disabled={pending} {...deniedProps(may)} aria-busy={pending}>
          {pending && <Loader2 aria-hidden className="animate-spin" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
