import { ArrowRightIcon, EyeIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useDeleteCustomPrompt } from '../api/delete-custom-prompt';
import { useCustomPrompts } from '../api/get-custom-prompts';
import { useSaveCustomPrompt } from '../api/save-custom-prompt';
import { fillTemplate } from '../lib/render';
import { messages } from '../messages';

const EMPTY = { name: '', category: '', template: '' };

/** Custom prompts: Save to IndexedDB, Preview with the current topic/location, and the saved list with Use and Delete. */
export function CustomTab({
  topic,
  location,
  onUse,
}: {
  topic: string;
  location: string;
  onUse: (text: string) => void;
}) {
  const ids = { name: useId(), category: useId(), template: useId(), preview: useId() };
  const [draft, setDraft] = useState(EMPTY);
  const [preview, setPreview] = useState<string | null>(null);
  const prompts = useCustomPrompts();
  const save = useSaveCustomPrompt();
  const remove = useDeleteCustomPrompt();
  const dirty = Object.values(draft).some((v) => v.trim());

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    const value = { name: draft.name.trim(), category: draft.category.trim(), template: draft.template.trim() };
    if (!value.name || !value.category || !value.template) {
      toast.error(messages.customFieldsRequired);
      return;
    }
    save.mutate(value, {
      onSuccess: () => {
        setDraft(EMPTY);
        setPreview(null);
        toast.success(messages.customSaved, { description: value.name });
      },
    });
  };

  const onPreview = () => {
    if (!draft.template.trim()) {
      toast.error(messages.previewNeedsTemplate);
      return;
    }
    setPreview(fillTemplate(draft.template, { topic, location }));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>New custom prompt</CardTitle>
          <CardDescription>
            Use {'{topic}'} and {'{location}'} as placeholders.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSave} className="space-y-4" noValidate data-unsaved={dirty ? 'true' : undefined}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor={ids.name}>Name</Label>
                <Input
                  id={ids.name}
                  value={draft.name}
                  onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.category}>Category</Label>
                <Input
                  id={ids.category}
                  value={draft.category}
                  onChange={(e) => setDraft((d) => ({ ...d, category: e.target.value }))}
                  placeholder="z. B. Politik"
                />
              </div>
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.template}>Template</Label>
              <Textarea
                id={ids.template}
                rows={6}
                value={draft.template}
                onChange={(e) => setDraft((d) => ({ ...d, template: e.target.value }))}
                placeholder="Schreibe einen Kommentar zu {topic} in {location} …"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                <SaveIcon aria-hidden />
                Save
              </Button>
              <Button variant="outline" onClick={onPreview}>
                <EyeIcon aria-hidden />
                Preview
              </Button>
            </div>
            {preview !== null && (
              <section aria-labelledby={ids.preview} className="space-y-2 rounded-md border bg-muted/40 p-3">
                <h3 id={ids.preview} className="text-sm font-medium">
                  Preview
                </h3>
                <p className="text-sm whitespace-pre-wrap" data-testid="custom-preview">
                  {preview}
                </p>
              </section>
            )}
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Saved prompts</CardTitle>
        </CardHeader>
        <CardContent>
          {prompts === undefined ? (
            <Skeleton className="h-24 w-full" />
          ) : prompts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{messages.noCustomPrompts}</p>
          ) : (
            <ul className="space-y-3" aria-label="Saved prompts">
              {prompts.map((p) => (
                <li key={p.id} className="space-y-2 rounded-md border p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{p.name}</span>
                    <span className="rounded-md bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                      {p.category}
                    </span>
                  </div>
                  <p className="line-clamp-3 text-sm text-muted-foreground">{p.template}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      className="min-h-10"
                      onClick={() => onUse(fillTemplate(p.template, { topic, location }))}
                      aria-label={`Use: ${p.name}`}
                    >
                      <ArrowRightIcon aria-hidden />
                      Use
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="min-h-10"
                      aria-label={`Delete: ${p.name}`}
                      onClick={() =>
                        remove.mutate(p.id, {
                          onSuccess: () => toast.success(messages.customDeleted),
                          onError: () => toast.error(messages.customDeleteFailed),
                        })
                      }
                    >
                      <Trash2Icon aria-hidden />
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
