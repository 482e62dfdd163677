import { lazy } from 'react';
import { WhenOpened } from '@/components/ui/lazy-panel';

// The alert dialog (Radix) loads with the first delete a screen asks about, not with the screen.
const ConfirmDialog = lazy(() => import('@/components/ui/alert-dialog').then((m) => ({ default: m.ConfirmDialog })));

interface ConfirmDeleteProps<T extends { title: string }> {
  /** What the operator asked to delete; null while nothing is asked. */
  item: T | null;
  onClose: () => void;
  question: string;
  text: (title: string) => string;
  onConfirm: (item: T) => void;
}

/** "Really delete …?" for a list's row (Posts, Media): Abbrechen or Delete, the dialog's code loaded when first asked. */
export function ConfirmDelete<T extends { title: string }>({ item, onClose, question, text, onConfirm }: ConfirmDeleteProps<T>) {
  return (
    <WhenOpened open={item !== null}>
      <ConfirmDialog
        open={item !== null}
        onOpenChange={(open) => !open && onClose()}
        title={question}
        description={item ? text(item.title) : ''}
        cancelLabel="Abbrechen"
        confirmLabel="Delete"
        onConfirm={() => {
          if (item) onConfirm(item);
        }}
      />
    </WhenOpened>
  );
}
