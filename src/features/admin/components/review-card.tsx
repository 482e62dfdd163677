import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import type { DeskSettings } from '@/contract';
import { deniedProps, useCan } from '@/lib/use-can';
import { useDeskSettings } from '../api/get-desk-settings';
import { useUpdateDeskSettings } from '../api/update-desk-settings';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

type Disclosure = DeskSettings['disclosure'];
type DisclosureErrors = Partial<Record<keyof Disclosure, string>>;

/** The contract's rule for a disclosure line: trimmed, 1–300 characters (the same German messages). */
function checkLine(value: string): string | undefined {
  const line = value.trim();
  if (!line) return messages.review.disclosureRequired;
  if (line.length > 300) return messages.review.disclosureTooLong;
  return undefined;
}

function DisclosureField({
  id,
  label,
  hint,
  value,
  error,
  readOnly,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  readOnly?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <Textarea
        id={id}
        rows={3}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function ReviewForm({ saved }: { saved: DeskSettings }) {
  const base = useId();
  const review = useUpdateDeskSettings(messages.review.saveFailed);
  const fourEyes = useUpdateDeskSettings(messages.review.saveFailed);
  const disclosure = useUpdateDeskSettings(messages.review.saveFailed);
  // The desk's settings are an Admin's: others see them, the controls say why they are off.
  const may = useCan('settings.update');
  const deniedId = `${base}-denied`;
  const [lines, setLines] = useState<Disclosure>(saved.disclosure);
  const [errors, setErrors] = useState<DisclosureErrors>({});
  const dirty = lines.reviewed !== saved.disclosure.reviewed || lines.automatic !== saved.disclosure.automatic;
  // While a switch is being saved it shows the new position; a refusal puts it back (the saved value).
  const reviewOn = review.isPending && review.variables.review !== undefined ? review.variables.review : saved.review;

  const fourEyesOn =
    fourEyes.isPending && fourEyes.variables.fourEyes !== undefined ? fourEyes.variables.fourEyes : saved.fourEyes;
  const toggleFourEyes = (on: boolean) =>
    fourEyes.mutate({ fourEyes: on }, { onSuccess: () => toast.success(messages.system.saved) });

  const toggleReview = (on: boolean) =>
    review.mutate({ review: on }, { onSuccess: () => toast.success(messages.system.saved) });

  const saveDisclosure = () => {
    const found: DisclosureErrors = { reviewed: checkLine(lines.reviewed), automatic: checkLine(lines.automatic) };
    setErrors(found);
    if (found.reviewed || found.automatic) return;
    disclosure.mutate(
      { disclosure: { reviewed: lines.reviewed.trim(), automatic: lines.automatic.trim() } },
      {
        onSuccess: (settings) => {
          setLines(settings.disclosure);
          toast.success(messages.system.saved);
        },
      },
    );
  };

  const edit = (key: keyof Disclosure) => (value: string) => {
    setLines((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return (
    <div className="space-y-6">
      {may.reason && (
        <p id={deniedId} role="note" className="text-sm text-muted-foreground">
          {may.reason}
        </p>
      )}
      <div className="flex min-h-11 items-center justify-between gap-4">
        <div className="space-y-0.5">
          <Label htmlFor={`${base}-review`}>Freigabe vor Veröffentlichung</Label>
          <p id={`${base}-review-hint`} className="text-sm text-muted-foreground">
            Neue Meldungen warten in AI News auf Publish oder Reject, bevor der Run sie veröffentlicht.
          </p>
        </div>
        <Switch
          id={`${base}-review`}
          aria-describedby={`${base}-review-hint`}
          checked={reviewOn}
          disabled={review.isPending}
          {...deniedProps(may, `${base}-review-hint ${deniedId}`)}
          onCheckedChange={toggleReview}
        />
      </div>
      <div className="flex min-h-11 items-center justify-between gap-4">
        <div className="space-y-0.5">
          <Label htmlFor={`${base}-four-eyes`}>Vier-Augen-Prinzip</Label>
          <p id={`${base}-four-eyes-hint`} className="text-sm text-muted-foreground">
            Eine Meldung gibt jemand anderes frei als die Person, die ihren Run gestartet hat.
          </p>
        </div>
        <Switch
          id={`${base}-four-eyes`}
          aria-describedby={`${base}-four-eyes-hint`}
          checked={fourEyesOn}
          disabled={fourEyes.isPending}
          {...deniedProps(may, `${base}-four-eyes-hint ${deniedId}`)}
          onCheckedChange={toggleFourEyes}
        />
      </div>
      <form
        className="space-y-4"
        noValidate
        data-unsaved={dirty ? 'true' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          saveDisclosure();
        }}
      >
        <DisclosureField
          id={`${base}-reviewed`}
          label="KI-Hinweis nach Prüfung"
          hint="Steht unter einer Meldung, die die Redaktion freigegeben hat."
          value={lines.reviewed}
          error={errors.reviewed}
          readOnly={!may.allowed}
          onChange={edit('reviewed')}
        />
        <DisclosureField
          id={`${base}-automatic`}
          label="KI-Hinweis ohne Prüfung"
          hint="Steht unter einer Meldung, die ohne Freigabe veröffentlicht wurde."
          value={lines.automatic}
          error={errors.automatic}
          readOnly={!may.allowed}
          onChange={edit('automatic')}
        />
        <Button
          type="submit"
          disabled={disclosure.isPending}
          {...deniedProps(may, deniedId)}
          aria-busy={disclosure.isPending}
        >
          {disclosure.isPending && <Loader2 aria-hidden className="animate-spin" />}
          Speichern
        </Button>
      </form>
    </div>
  );
}

/** Freigabe und KI-Hinweis: whether a run waits for the desk's review, and the disclosure a published story carries (settings.get / settings.update). */
export function ReviewCard() {
  const settings = useDeskSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Freigabe und KI-Hinweis</CardTitle>
        <CardDescription>
          Ob die Redaktion Meldungen vor der Veröffentlichung prüft, und welcher KI-Hinweis unter einer veröffentlichten
          Meldung steht.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending && <Skeleton className="h-48 w-full" />}
        {settings.isError && (
          <div role="alert" className="space-y-2 text-sm text-red-700 dark:text-red-400">
            <p>
              {messages.review.loadFailed} <span className="block text-xs">{serverMessage(settings.error)}</span>
            </p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Erneut laden
            </Button>
          </div>
        )}
        {settings.data && <ReviewForm saved={settings.data} />}
      </CardContent>
    </Card>
  );
}
