import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { hostChangeMessages as MSG, type HostChange } from '@/lib/webhooks/credential-hosts';

/** A pending host change: what changes, and what to run once the operator agrees. */
export interface PendingHostChange {
  changes: HostChange[];
  description?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel?: () => void;
}

/** Asks before stored credentials go to a new host, listing each address as old → new; nothing runs until agreed. */
export function HostChangeDialog({ pending, onClose }: { pending: PendingHostChange | null; onClose: () => void }) {
  return (
    <AlertDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) {
          pending?.onCancel?.();
          onClose();
        }
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{MSG.title}</AlertDialogTitle>
          <AlertDialogDescription>{pending?.description ?? MSG.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="space-y-1 text-sm" aria-label="Host-Änderungen">
          {pending?.changes.map((c) => (
            <li key={`${c.label}-${c.to}`} className="break-all">
              <span className="font-medium">{c.label}:</span> <span className="font-mono">{c.from ?? MSG.none}</span> →{' '}
              <span className="font-mono">{c.to}</span>
            </li>
          ))}
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel>{MSG.cancel}</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              // Closed here rather than through onOpenChange, which would count as a cancel.
              event.preventDefault();
              const run = pending?.onConfirm;
              onClose();
              run?.();
            }}
          >
            {pending?.confirmLabel ?? MSG.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
