import { Button } from '@/components/ui/button';
import { messages } from '../messages';

/** A list that failed to load: the German message and a way to try again. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm text-destructive">
        {messages.listFailed}
      </p>
      <Button variant="outline" size="sm" className="min-h-10" onClick={onRetry}>
        Reload
      </Button>
    </div>
  );
}
