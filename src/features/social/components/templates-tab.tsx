import { Pencil, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
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
import { Textarea } from '@/components/ui/textarea';
import type { PostTemplate } from '@/contract';
import { deniedProps, useCan } from '@/lib/use-can';
import { useUpdateTemplate } from '../api/update-template';
import { messages } from '../messages';

function EditTemplateDialog({ template, onClose }: { template: PostTemplate; onClose: () => void }) {
  const update = useUpdateTemplate();
  const may = useCan('social.updateTemplate');
  const [form, setForm] = useState(template);
  const [error, setError] = useState<string | null>(null);
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.name.trim()) return setError('Bitte geben Sie einen Namen ein.');
    if (!form.content.trim()) return setError(messages.contentRequired);
    update.mutate(
      { ...form, name: form.name.trim() },
      {
        onSuccess: () => {
          toast.success(messages.saved);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit template</DialogTitle>
          <DialogDescription>
            Platzhalter: {'{title}'}, {'{video_link}'}, {'{stream_link}'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={save} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="tpl-name">Name</Label>
            <Input id="tpl-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="tpl-content">Vorlagentext</Label>
            <Textarea
              id="tpl-content"
              rows={5}
              value={form.content}
              onChange={(e) => setForm({ ...form, content: e.target.value })}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={update.isPending} {...deniedProps(may)}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Templates: the four templates, each with Edit and Use (Use fills the composer). */
export function TemplatesTab({
  templates,
  onUse,
}: {
  templates: PostTemplate[];
  onUse: (template: PostTemplate) => void;
}) {
  const [editing, setEditing] = useState<PostTemplate | null>(null);
  const mayEdit = useCan('social.updateTemplate');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {templates.map((t) => (
        <Card key={t.id} data-testid={`template-${t.id}`}>
          <CardHeader>
            <CardTitle className="text-base">{t.name}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap rounded-md bg-muted/50 p-3 font-mono text-xs">{t.content}</p>
          </CardContent>
          <CardFooter className="gap-2">
            <Button
              variant="outline"
              onClick={() => setEditing(t)}
              aria-label={`Edit ${t.name}`}
              {...deniedProps(mayEdit)}
            >
              <Pencil aria-hidden />
              Edit
            </Button>
            <Button
              onClick={() => {
                onUse(t);
                toast.success(messages.templateUsed(t.name));
              }}
              aria-label={`Use ${t.name}`}
            >
              <Wand2 aria-hidden />
              Use
            </Button>
          </CardFooter>
        </Card>
      ))}
      {editing && <EditTemplateDialog key={editing.id} template={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
