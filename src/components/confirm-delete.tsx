import { ConfirmDialog } from '@/components/ui/alert-dialog';

interface ConfirmDeleteProps<T extends { title: string }> {
  /** What the operator asked to delete; null while nothing is asked. */
  item: T | null;
  onClose: () => void;
  question: string;
  text: (title: string) => string;
  onConfirm: (item: T) => void;
}

/** "Really delete …?" for a list's row; screens load it lazily so that no shared chunk precedes their first render. */
export default function ConfirmDelete<T extends { title: string }>({
  item,
  onClose,
  question,
  text,
  onConfirm,
}: ConfirmDeleteProps<T>) {
  return (
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
  );
}
