import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import type { InvitedUser, PasswordLink, User } from '@/contract';
import { formatDateTimeMedium } from '@/lib/format';
import { deniedProps, useCan, type Can } from '@/lib/use-can';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useCreatePasswordLink } from '../api/create-password-link';
import { useCreateUser } from '../api/create-user';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';
import { useUsers } from '../api/get-users';
import { messages } from '../messages';
import { ApiTokensCard } from './api-tokens-card';
import { OneTimeSecretDialog } from './one-time-secret-dialog';

const ROLE_OPTIONS = (['Admin', 'Editor', 'Viewer'] satisfies Array<User['role']>).map((r) => ({ value: r, label: r }));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AddUserDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onInvited: (invited: InvitedUser) => void;
}) {
  const ids = useId();
  const create = useCreateUser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<User['role']>('Editor');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});

  const submit = () => {
    const next: typeof errors = {};
    if (!name.trim()) next.name = messages.users.nameRequired;
    if (!EMAIL.test(email.trim())) next.email = messages.users.emailInvalid;
    setErrors(next);
    if (next.name || next.email) return;
    create.mutate(
      { name: name.trim(), email: email.trim(), role },
      {
        onSuccess: (invited) => {
          toast.success(messages.users.added, { description: invited.user.name });
          setName('');
          setEmail('');
          setRole('Editor');
          onOpenChange(false);
          onInvited(invited);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add user</DialogTitle>
          <DialogDescription>Name, e-mail and role of the new user.</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          data-unsaved={name.trim() || email.trim() ? 'true' : undefined}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-name`}>Name</Label>
            <Input
              id={`${ids}-name`}
              value={name}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {errors.name && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {errors.name}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-email`}>E-mail</Label>
            <Input
              id={`${ids}-email`}
              type="email"
              value={email}
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            {errors.email && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {errors.email}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-role`}>Role</Label>
            <NativeSelect id={`${ids}-role`} value={role} onValueChange={setRole} options={ROLE_OPTIONS} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Add
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const STATUS_TONE = { active: 'ok', invited: 'info', disabled: 'neutral' } as const;

function UserRow({
  user,
  may,
  onLink,
  onDelete,
}: {
  user: User;
  /** Whether the signed-in role may manage users (all of users.update, passwordLink and delete are an Admin's). */
  may: Can;
  onLink: (user: User, link: PasswordLink) => void;
  onDelete: (user: User) => void;
}) {
  const update = useUpdateUser();
  const passwordLink = useCreatePasswordLink();
  const status = user.status ?? 'active';
  const disabled = status === 'disabled';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid={`user-${user.id}`}>
      <div className="min-w-0 space-y-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{user.name}</span>
          <Badge tone={STATUS_TONE[status]}>{messages.users.status[status]}</Badge>
        </div>
        <div className="text-sm text-muted-foreground">{user.email}</div>
        <div className="text-xs text-muted-foreground">
          {user.lastSignInAt
            ? messages.users.lastSignIn(formatDateTimeMedium(user.lastSignInAt))
            : messages.users.neverSignedIn}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          aria-label={messages.users.roleLabel(user.name)}
          value={user.role}
          options={ROLE_OPTIONS}
          disabled={update.isPending}
          {...deniedProps(may)}
          onValueChange={(role) => update.mutate({ id: user.id, patch: { role } })}
        />
        <span className="text-sm">{user.access}</span>
        <div className="flex flex-wrap gap-1" role="group" aria-label={messages.users.actionsFor(user.name)}>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            {...deniedProps(may)}
            onClick={() => update.mutate({ id: user.id, patch: { disabled: !disabled } })}
          >
            {disabled ? messages.users.enable : messages.users.disable}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={passwordLink.isPending}
            {...deniedProps(may)}
            onClick={() => passwordLink.mutate(user.id, { onSuccess: (link) => onLink(user, link) })}
          >
            {messages.users.resetLink}
          </Button>
          <Button variant="outline" size="sm" {...deniedProps(may)} onClick={() => onDelete(user)}>
            {messages.users.delete}
          </Button>
        </div>
      </div>
    </li>
  );
}

type ShownLink = { kind: 'invite' | 'reset'; name: string; link: PasswordLink };

/** A link to this machine's own loopback address opens nowhere else: the dialog says so. */
function loopbackWarning(url: string | undefined): string | undefined {
  const host = url && URL.canParse(url) ? new URL(url).hostname : '';
  const loopback = host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  return loopback ? messages.users.loopbackLink(host) : undefined;
}

/** SPEC "Users": the administrator with 'Vollzugriff' and Add user, plus roles, disabling, reset links and API tokens. */
export function UsersTab() {
  const users = useUsers();
  const remove = useDeleteUser();
  // Managing people is an Admin's; the API-Tokens card below stays everyone's (tokens.* are a Viewer's).
  const may = useCan('users.create');
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Users</CardTitle>
          <Button onClick={() => setOpen(true)} {...deniedProps(may)}>
            <UserPlus aria-hidden />
            Add user
          </Button>
        </CardHeader>
        <CardContent>
          {users.isPending && <Skeleton className="h-16 w-full" />}
          {users.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {messages.users.loadFailed}
            </p>
          )}
          {users.data && (
            <ul className="divide-y rounded-md border" aria-label="Users">
              {users.data.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  may={may}
                  onLink={(user, link) => setShown({ kind: 'reset', name: user.name, link })}
                  onDelete={setDeleting}
                />
              ))}
            </ul>
          )}
        </CardContent>
        <AddUserDialog
          open={open}
          onOpenChange={setOpen}
          onInvited={({ user, link }) => setShown({ kind: 'invite', name: user.name, link })}
        />
        <OneTimeSecretDialog
          title={shown?.kind === 'reset' ? messages.users.resetTitle : messages.users.inviteTitle}
          hint={messages.users.linkHint}
          label={shown ? messages.users.linkFor(shown.name) : ''}
          value={shown?.link.url ?? null}
          note={shown ? messages.users.validUntil(formatDateTimeMedium(shown.link.expiresAt)) : undefined}
          warning={loopbackWarning(shown?.link.url)}
          onClose={() => setShown(null)}
        />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(next) => !next && setDeleting(null)}
          title={messages.users.deleteQuestion}
          description={deleting ? messages.users.deleteText(deleting.name) : ''}
          cancelLabel={messages.users.cancel}
          confirmLabel={messages.users.delete}
          onConfirm={() => {
            if (deleting) remove.mutate(deleting.id);
            setDeleting(null);
          }}
        />
      </Card>
      <ApiTokensCard />
    </div>
  );
}
