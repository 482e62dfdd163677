import { useState } from 'react';
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
import { NativeSelect } from '@/components/ui/native-select';
import { deniedProps, useCan } from '@/lib/use-can';
import { useGenerateNews } from '../api/generate-news';
import { messages } from '../messages';

/** Generate News: POST /news/generate with topic and language (default en, SPEC §7). */
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
];

export function GenerateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const generate = useGenerateNews();
  const may = useCan('news.generate');
  const [topic, setTopic] = useState('');
  const [language, setLanguage] = useState('en');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!topic.trim()) return setError(messages.topicRequired);
    setError(null);
    generate.mutate(
      { topic: topic.trim(), language },
      {
        onSuccess: (item) => {
          toast.success(messages.generated, { description: messages.generatedText(item.title) });
          setTopic('');
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Generate News</DialogTitle>
          <DialogDescription>Die KI erstellt einen Entwurf zum Thema.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={submit} noValidate data-unsaved={topic.trim() ? 'true' : undefined}>
          <div className="grid gap-1">
            <Label htmlFor="gen-topic">Thema</Label>
            <Input id="gen-topic" value={topic} onChange={(e) => setTopic(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="gen-language">Sprache</Label>
            <NativeSelect id="gen-language" value={language} onValueChange={setLanguage} options={LANGUAGES} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={generate.isPending} {...deniedProps(may)}>
              {generate.isPending ? 'Wird generiert …' : 'Generate'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
