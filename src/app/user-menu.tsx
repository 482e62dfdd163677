import { CircleUser } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Role } from '@/contract';
import { callApi } from '@/lib/api/client';
import { ROLE_ORDER } from '@/lib/access';
import { setDemoRole } from '@/lib/session';
import { signedOut } from '@/lib/operator-token';
import { useSession } from '@/lib/use-session';
import { signInMessages } from './sign-in-messages';

const m = signInMessages.userMenu;

/** The signed-in person with sign-out (live) or the demo's role picker (mock), in the dashboard's header. */
export function UserMenu() {
  const { user, role, demo } = useSession();
  if (!user && !demo) return null;

  const signOut = async (everywhere: boolean) => {
    try {
      await callApi('session.signOut', { query: everywhere ? { everywhere: 'true' } : {}, retries: false });
    } catch (error) {
      // A session the server no longer knows is signed out all the same; anything else is said.
      if (!(error instanceof Error && 'status' in error && error.status === 401))
        return void toast.error(m.signOutFailed, { description: error instanceof Error ? error.message : undefined });
    }
    signedOut();
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="gap-1.5 px-2"
          aria-label={`${m.label}: ${user?.name ?? ''} (${role ?? ''})`}
          title={`${user?.name ?? ''} (${role ?? ''})`}
        >
          <CircleUser aria-hidden />
          <span className="text-xs">{role}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 text-sm font-normal text-foreground">
          <span className="font-semibold">{user?.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user?.email}</span>
          <span className="text-xs text-muted-foreground">{role}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {demo ? (
          <>
            <DropdownMenuLabel title={m.demoHint}>{m.demoRole}</DropdownMenuLabel>
            <DropdownMenuPrimitive.RadioGroup value={role} onValueChange={(next) => setDemoRole(next as Role)}>
              {ROLE_ORDER.map((option) => (
                <DropdownMenuPrimitive.RadioItem
                  key={option}
                  value={option}
                  className="relative flex min-h-9 cursor-default items-center gap-2 rounded-sm px-2 pl-7 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground"
                >
                  <DropdownMenuPrimitive.ItemIndicator className="absolute left-2">
                    ●
                  </DropdownMenuPrimitive.ItemIndicator>
                  {option}
                </DropdownMenuPrimitive.RadioItem>
              ))}
            </DropdownMenuPrimitive.RadioGroup>
          </>
        ) : (
          <>
            <DropdownMenuItem onSelect={() => void signOut(false)}>{m.signOut}</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void signOut(true)}>{m.signOutEverywhere}</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
