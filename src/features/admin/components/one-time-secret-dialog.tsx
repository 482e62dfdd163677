import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/components/ui/toast';
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
import { messages } from '../messages';

/** A link or secret the server answers once: shown here with a copy button, and gone when the dialog closes. */
export function OneTimeSecretDialog({
  title,
  hint,
  label,
  value,
  note,
  warning,
  onClose,
}: {
  title: string;
  hint: string;
  label: string;
  /** null: the dialog is closed and the value forgotten. */
  value: string | null;
  note?: string;
  /** Something that makes the value useless where the operator may mean to use it. */
  warning?: string;
  onClose: () => void;
}) {
  const id = useId();
  const copy = async () => {
    if (value === null) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      toast.success(messages.users.copied);
    } catch {
      toast.error(messages.users.copyFailed);
    }
  };
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{hint}</DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={id}>{label}</Label>
          <div className="flex gap-2">
            <Input
              id={id}
              readOnly
              value={value ?? ''}
              className="font-mono"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden />
              {messages.users.copy}
            </Button>
          </div>
          {note && <p className="text-sm text-muted-foreground">{note}</p>}
          {warning && (
            <p role="alert" className="text-sm text-destructive">
              {warning}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {messages.users.done}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
