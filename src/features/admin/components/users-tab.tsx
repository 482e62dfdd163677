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
import type { User } from '@/contract';
import { useCreateUser } from '../api/create-user';
import { useUsers } from '../api/get-users';
import { messages } from '../messages';

const ROLE_OPTIONS = (['Admin', 'Editor', 'Viewer'] satisfies Array<User['role']>).map((r) => ({ value: r, label: r }));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
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
        onSuccess: (user) => {
          toast.success(messages.users.added, { description: user.name });
          setName('');
          setEmail('');
          setRole('Editor');
          onOpenChange(false);
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

/** SPEC "Users": the administrator with 'Vollzugriff', and Add user storing through the /api. */
export function UsersTab() {
  const users = useUsers();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Users</CardTitle>
        <Button onClick={() => setOpen(true)}>
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
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <div className="font-medium">{u.name}</div>
                  <div className="text-sm text-muted-foreground">{u.email}</div>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone="outline">{u.role}</Badge>
                  <span className="text-sm">{u.access}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AddUserDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
