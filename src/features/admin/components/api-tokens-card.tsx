import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ApiToken } from '@/contract';
import { formatDateTimeMedium } from '@/lib/format';
import { useCreateToken } from '../api/create-token';
import { useDeleteToken } from '../api/delete-token';
import { useTokens } from '../api/get-tokens';
import { messages } from '../messages';
import { OneTimeSecretDialog } from './one-time-secret-dialog';

const text = messages.tokens;

/** Personal API tokens for n8n and scripts: made with a name, the secret shown once, revoked after a confirm. */
export function ApiTokensCard() {
  const id = useId();
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useDeleteToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(text.nameRequired);
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      onSuccess: (created) => {
        setName('');
        setSecret(created.secret);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="min-w-48 flex-1 space-y-1.5">
            <Label htmlFor={`${id}-name`}>{text.name}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={80}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            <KeyRound aria-hidden />
            {text.create}
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </form>
        {tokens.isPending && <Skeleton className="h-16 w-full" />}
        {tokens.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {text.loadFailed}
          </p>
        )}
        {tokens.data && tokens.data.length === 0 && <p className="text-sm text-muted-foreground">{text.empty}</p>}
        {tokens.data && tokens.data.length > 0 && (
          <Table aria-label={text.title}>
            <TableHeader>
              <TableRow>
                <TableHead>{text.name}</TableHead>
                <TableHead>{text.prefix}</TableHead>
                <TableHead>{text.created}</TableHead>
                <TableHead>{text.lastUsed}</TableHead>
                <TableHead>
                  <span className="sr-only">{text.revoke}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tokens.data.map((t) => (
                <TableRow key={t.id}>
                  <TableCell className="font-medium">{t.name}</TableCell>
                  <TableCell className="font-mono">{t.prefix}…</TableCell>
                  <TableCell className="tabular-nums">{formatDateTimeMedium(t.createdAt)}</TableCell>
                  <TableCell className="tabular-nums">
                    {t.lastUsedAt ? formatDateTimeMedium(t.lastUsedAt) : text.neverUsed}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={text.revokeFor(t.name)}
                      onClick={() => setRevoking(t)}
                    >
                      {text.revoke}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <OneTimeSecretDialog
        title={text.secretTitle}
        hint={text.secretHint}
        label={text.title}
        value={secret}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(next) => !next && setRevoking(null)}
        title={text.revokeQuestion}
        description={revoking ? text.revokeText(revoking.name) : ''}
        cancelLabel={messages.users.cancel}
        confirmLabel={text.revoke}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      />
    </Card>
  );
}
