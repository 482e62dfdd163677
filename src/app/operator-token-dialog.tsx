import { useId, useState, type FormEvent, type ReactNode } from 'react';
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
import { ApiError, bodyMessage } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { HANDSHAKE_TIMEOUT_MS, setOperatorToken } from '@/lib/operator-token';
import { acceptSession, loadSession, toKnownSession, verifyOperatorToken } from '@/lib/session-flow';
import { signInMessages } from './sign-in-messages';
import { passwordLinkToken } from './password-link';

const m = signInMessages.dialog;
type Mode = 'password' | 'token' | 'set';

const apiBase = () => getConfig().apiBaseUrl.replace(/\/+$/, '');

/** A console on another origin than its API cannot use the cookie: it asks for a bearer session token. */
function crossOrigin(): boolean {
  try {
    return new URL(getConfig().apiBaseUrl, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}

/** The server's German message of a refused call, else the fallback. */
function refusal(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === undefined || error.status === 0 || error.status >= 500)
    return m.unreachable;
  return bodyMessage(error) ?? fallback;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * The dialog „Zugang zum Newsdesk“: e-mail and password (a session cookie, or a bearer session across origins), an
 * API token instead, or — opened with `#passwort=…` — setting the password of a one-time link.
 */
export function OperatorTokenDialog({
  open,
  reason,
  onAccepted,
}: {
  open: boolean;
  reason?: 'missing' | 'rejected' | 'expired';
  onAccepted: () => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<Mode>(() => (passwordLinkToken() ? 'set' : 'password'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const initial = reason === 'rejected' && mode === 'token' ? m.rejected : reason === 'expired' ? m.expired : undefined;
  const shown = error ?? (notice ? undefined : initial);
  const errorId = `${id}-error`;

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(undefined);
    setNotice(undefined);
  };

  const signIn = async () => {
    if (!email.trim()) return setError(m.emailRequired);
    if (!password) return setError(m.passwordRequired);
    setBusy(true);
    try {
      const answer = await transport(`${apiBase()}/session`, {
        method: 'POST',
        json: { email: email.trim(), password, ...(crossOrigin() ? { bearer: true } : {}) },
        timeoutMs: HANDSHAKE_TIMEOUT_MS,
      });
      const session = toKnownSession(answer);
      if (!session) throw new ApiError(m.unreachable, { code: 'CONTRACT', status: 0 });
      const bearer = typeof answer === 'object' && answer !== null && 'token' in answer ? answer.token : undefined;
      acceptSession({ ...session, ...(typeof bearer === 'string' && bearer ? { token: bearer } : {}) });
      setPassword('');
      setError(undefined);
      setNotice(undefined);
      onAccepted();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 429
          ? (bodyMessage(failure) ?? m.throttled)
          : refusal(failure, m.wrongPassword),
      );
    } finally {
      setBusy(false);
    }
  };

  const signInWithToken = async () => {
    const candidate = token.trim();
    if (!candidate) return setError(m.required);
    setBusy(true);
    const result = await verifyOperatorToken(getConfig().apiBaseUrl, candidate);
    setBusy(false);
    if (result !== 'ok')
      return setError(result === 'rejected' ? m.rejected : result === 'throttled' ? m.throttled : m.unreachable);
    setToken('');
    setError(undefined);
    setOperatorToken(candidate);
    // The user menu shows whose token it is; a server without the answer leaves the menu without a name.
    void loadSession();
    onAccepted();
  };

  const savePassword = async () => {
    const linkToken = passwordLinkToken();
    if (password.length < 12) return setError(m.tooShort);
    if (password !== repeat) return setError(m.mismatch);
    if (!linkToken) return setError(m.linkGone);
    setBusy(true);
    try {
      await transport(`${apiBase()}/session/password`, {
        method: 'POST',
        json: { token: linkToken, password },
        timeoutMs: HANDSHAKE_TIMEOUT_MS,
      });
      history.replaceState(history.state, '', `${location.pathname}${location.search}`);
      setPassword('');
      setRepeat('');
      setMode('password');
      setError(undefined);
      setNotice(m.passwordSaved);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 410 ? m.linkGone : refusal(failure, m.tooShort));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (mode === 'password' ? signIn() : mode === 'token' ? signInWithToken() : savePassword());
  };

  // Every field points at the one error line.
  const invalid = { 'aria-invalid': shown ? true : undefined, 'aria-describedby': shown ? errorId : undefined };
  const errorLine = shown && (
    <p id={errorId} role="alert" className="text-sm text-destructive">
      {shown}
    </p>
  );

  return (
    <Dialog open={open}>
      <DialogContent
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <form onSubmit={submit} className="grid gap-4" autoComplete={mode === 'token' ? 'off' : 'on'} noValidate>
          <DialogHeader>
            <DialogTitle>{m.title}</DialogTitle>
            <DialogDescription>
              {mode === 'token' ? m.description : mode === 'set' ? m.setDescription : m.signInDescription}
            </DialogDescription>
          </DialogHeader>
          {notice && (
            <p role="status" className="text-sm text-green-700 dark:text-green-400">
              {notice}
            </p>
          )}
          {mode === 'password' && (
            <>
              <Field id={`${id}-email`} label={m.email}>
                <Input
                  id={`${id}-email`}
                  {...invalid}
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  autoFocus
                />
              </Field>
              <Field id={`${id}-password`} label={m.password}>
                <Input
                  id={`${id}-password`}
                  {...invalid}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
            </>
          )}
          {mode === 'token' && (
            <Field id={`${id}-token`} label={m.label}>
              <Input
                id={`${id}-token`}
                {...invalid}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={token}
                onChange={(e) => setToken(e.target.value)}
                autoFocus
              />
            </Field>
          )}
          {mode === 'set' && (
            <>
              <Field id={`${id}-new`} label={m.newPassword}>
                <Input
                  id={`${id}-new`}
                  {...invalid}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoFocus
                />
              </Field>
              <Field id={`${id}-repeat`} label={m.repeatPassword}>
                <Input
                  id={`${id}-repeat`}
                  {...invalid}
                  type="password"
                  autoComplete="new-password"
                  value={repeat}
                  onChange={(e) => setRepeat(e.target.value)}
                />
              </Field>
            </>
          )}
          {errorLine}
          <DialogFooter className="gap-2 sm:justify-between">
            {mode !== 'set' ? (
              <Button
                type="button"
                variant="link"
                className="px-0"
                onClick={() => switchTo(mode === 'token' ? 'password' : 'token')}
              >
                {mode === 'token' ? m.usePassword : m.useToken}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={busy}>
              {mode === 'set' ? m.setSubmit : m.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
