import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getConfig } from '@/lib/config';
import { verifyOperatorToken } from '@/lib/operator-token';
import { shellMessages } from './messages';

/** The dialog „Zugang zum Newsdesk“: asks for the operator token until the server accepts one. */
export function OperatorTokenDialog({
  open,
  rejected,
  onAccepted,
}: {
  open: boolean;
  rejected: boolean;
  onAccepted: (token: string) => void;
}) {
  const m = shellMessages.operatorToken;
  const inputId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const shown = error ?? (rejected ? m.rejected : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = value.trim();
    if (!candidate) return setError(m.required);
    setBusy(true);
    const result = await verifyOperatorToken(getConfig().apiBaseUrl, candidate);
    setBusy(false);
    if (result === 'ok') {
      setValue('');
      setError(undefined);
      onAccepted(candidate);
    } else setError(result === 'rejected' ? m.rejected : result === 'throttled' ? m.throttled : m.unreachable);
  };

  return (
    <Dialog open={open}>
      <DialogContent
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <form onSubmit={submit} className="grid gap-4" autoComplete="off">
          <DialogHeader>
            <DialogTitle>{m.title}</DialogTitle>
            <DialogDescription>{m.description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{m.label}</Label>
            <Input
              id={inputId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${inputId}-error` : undefined}
              autoFocus
            />
            {shown && (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
                {shown}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {m.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
