import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { compareIso } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
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
import { Textarea } from '@/components/ui/textarea';
import type { ScheduledPost } from '@/contract';
import { useScheduledPosts } from '../api/get-scheduled-posts';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { PLATFORM_LABELS } from '@/lib/labels';
import { PLATFORM_OPTIONS } from '@/lib/platform-options';
import { deniedProps, useCan } from '@/lib/use-can';
import { messages } from '../messages';

function EditScheduledDialog({ post, onClose }: { post: ScheduledPost; onClose: () => void }) {
  const update = useUpdateScheduledPost();
  const may = useCan('social.updateScheduled');
  const [form, setForm] = useState<ScheduledPost>(post);
  const [error, setError] = useState<string | null>(null);
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.title.trim()) return setError('Bitte geben Sie einen Titel ein.');
    if (!form.time) return setError(messages.scheduleRequired);
    update.mutate(
      { ...form, title: form.title.trim() },
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
          <DialogTitle>Edit scheduled post</DialogTitle>
          <DialogDescription>Titel, Plattform, Zeitpunkt und Inhalt ändern.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={save} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="sched-title">Titel</Label>
            <Input id="sched-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="sched-platform">Plattform</Label>
            <NativeSelect
              id="sched-platform"
              value={form.platform}
              onValueChange={(platform) => setForm({ ...form, platform })}
              options={PLATFORM_OPTIONS}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="sched-time">Zeitpunkt</Label>
            <Input
              id="sched-time"
              type="datetime-local"
              value={form.time}
              onChange={(e) => setForm({ ...form, time: e.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="sched-content">Inhalt</Label>
            <Textarea
              id="sched-content"
              rows={4}
              value={form.content ?? ''}
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

/** Schedule: the scheduled posts, each with an Edit that edits. */
export function ScheduleTab() {
  const scheduled = useScheduledPosts();
  const [editing, setEditing] = useState<ScheduledPost | null>(null);
  const mayEdit = useCan('social.updateScheduled');
  if (scheduled.isPending) return <p className="text-sm text-muted-foreground">Lädt …</p>;
  if (scheduled.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {messages.loadError}
      </p>
    );
  const list = [...scheduled.data].sort((a, b) => compareIso(a.time, b.time));
  return (
    <Card>
      <CardContent className="p-0">
        {list.length === 0 ? (
          <p className="p-6 text-sm text-muted-foreground">{messages.scheduleEmpty}</p>
        ) : (
          <ul className="divide-y">
            {list.map((post) => (
              <li key={post.id} className="flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{post.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {PLATFORM_LABELS[post.platform]} · {post.time.replace('T', ' ')}
                  </p>
                </div>
                <Badge tone="info">{post.status === 'scheduled' ? 'Geplant' : post.status}</Badge>
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-10"
                  onClick={() => setEditing(post)}
                  aria-label={`Edit ${post.title}`}
                  {...deniedProps(mayEdit)}
                >
                  <Pencil aria-hidden />
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing && <EditScheduledDialog key={editing.id} post={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
