import { PlayCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { demoText } from '../messages';

/**
 * Explains demo mode and opens the dashboard with a mock scenario. Full page loads on purpose: the
 * in-page mock network reads ?scenario= when it starts.
 */
export default function DemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{demoText.title}</DialogTitle>
          <DialogDescription>{demoText.description}</DialogDescription>
        </DialogHeader>
        <Button asChild size="lg">
          <a href="/dashboard?scenario=default">
            <PlayCircle aria-hidden />
            {demoText.start}
          </a>
        </Button>
        <div className="space-y-2">
          <p className="text-sm font-medium">{demoText.scenariosTitle}</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {demoText.scenarios.map((s) => (
              <li key={s.id}>
                <a
                  href={`/dashboard?scenario=${s.id}`}
                  className="flex min-h-11 flex-col justify-center rounded-md border px-3 py-2 text-sm hover:bg-accent"
                >
                  <span className="font-medium">{s.label}</span>
                  <span className="text-xs text-muted-foreground">{s.hint}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
