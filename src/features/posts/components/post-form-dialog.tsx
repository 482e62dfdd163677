import { useState } from 'react';
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
import { Textarea } from '@/components/ui/textarea';
import type { NewPost, Platform, Post, PostPatch, PostStatus } from '@/contract';
import { STATUS_LABELS } from '@/lib/labels';
import { PLATFORM_OPTIONS } from '@/lib/platform-options';
import { deniedProps, useCan } from '@/lib/use-can';
import { messages } from '../messages';
import { CATEGORIES } from '../lib/post-fields';

const FORM_STATUSES = (['draft', 'review', 'scheduled', 'published'] satisfies PostStatus[]).map((s) => ({
  value: s,
  label: STATUS_LABELS[s],
}));

function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface FormState {
  title: string;
  category: string;
  platform: Platform;
  status: PostStatus;
  date: string;
  content: string;
}

/** The post's field each form field edits. */
const FIELD_OF = {
  title: 'title',
  category: 'category',
  platform: 'platform',
  status: 'status',
  date: 'publishDate',
  content: 'content',
} as const satisfies Record<keyof FormState, keyof NewPost>;

/**
 * Only what the operator changed: the post may have moved on while the dialog was open (published by the schedule, a
 * colleague's edit), and a field left as it was must not write back what the dialog was opened with.
 */
function changedFields(value: NewPost, form: FormState, start: FormState): PostPatch {
  const keys = (Object.keys(FIELD_OF) as (keyof FormState)[]).filter((k) => form[k] !== start[k]);
  return Object.fromEntries(keys.map((k) => [FIELD_OF[k], value[FIELD_OF[k]]])) as PostPatch;
}

function initial(post?: Post): FormState {
  return post
    ? {
        title: post.title,
        category: post.category,
        platform: post.platform,
        status: post.status,
        date: toLocalInput(post.publishDate),
        content: post.content ?? '',
      }
    : {
        title: '',
        category: 'Technologie',
        platform: 'youtube',
        status: 'draft',
        date: toLocalInput(new Date().toISOString()),
        content: '',
      };
}

/** Create Post and Edit: the same form; it only closes once the server has accepted it. */
export function PostFormDialog({
  open,
  onOpenChange,
  post,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  post?: Post;
  pending: boolean;
  /** The whole post; `changed` holds only the fields the operator changed (for an edit). */
  onSubmit: (value: NewPost, changed: PostPatch) => void;
}) {
  const [form, setForm] = useState<FormState>(() => initial(post));
  const may = useCan(post ? 'posts.update' : 'posts.create');
  const [error, setError] = useState<string | null>(null);
  const [lastPost, setLastPost] = useState(post);
  const [wasOpen, setWasOpen] = useState(open);
  if (post !== lastPost || open !== wasOpen) {
    setLastPost(post);
    setWasOpen(open);
    if (open) {
      setForm(initial(post));
      setError(null);
    }
  }
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const start = initial(post);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.title.trim()) return setError(messages.titleRequired);
    if (!form.category.trim()) return setError(messages.categoryRequired);
    const date = new Date(form.date);
    if (!form.date || Number.isNaN(date.getTime())) return setError(messages.dateRequired);
    setError(null);
    const value: NewPost = {
      title: form.title.trim(),
      category: form.category.trim(),
      platform: form.platform,
      status: form.status,
      publishDate: date.toISOString(),
      content: form.content,
    };
    onSubmit(value, changedFields(value, form, start));
  };

  const id = post ? `edit-${post.id}` : 'create';
  // The date of a new post defaults to "now", so it is left out of the comparison.
  const unsaved =
    open && (['title', 'category', 'platform', 'status', 'content'] as const).some((k) => form[k] !== start[k]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{post ? 'Edit Post' : 'Create Post'}</DialogTitle>
          <DialogDescription>
            {post ? 'Ändern Sie den Post und speichern Sie.' : 'Legen Sie einen neuen Post an.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate data-unsaved={unsaved ? 'true' : undefined}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Titel</Label>
            <Input
              id={`${id}-title`}
              value={form.title}
              onChange={(e) => set('title', e.target.value)}
              aria-invalid={error === messages.titleRequired}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-category`}>Kategorie</Label>
              <Input
                id={`${id}-category`}
                list={`${id}-categories`}
                value={form.category}
                onChange={(e) => set('category', e.target.value)}
              />
              <datalist id={`${id}-categories`}>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-platform`}>Plattform</Label>
              <NativeSelect
                id={`${id}-platform`}
                value={form.platform}
                onValueChange={(platform) => set('platform', platform)}
                options={PLATFORM_OPTIONS}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-status`}>Status</Label>
              <NativeSelect
                id={`${id}-status`}
                value={form.status}
                onValueChange={(status) => set('status', status)}
                options={FORM_STATUSES}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-date`}>Datum</Label>
              <Input
                id={`${id}-date`}
                type="datetime-local"
                value={form.date}
                onChange={(e) => set('date', e.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-content`}>Inhalt</Label>
            <Textarea
              id={`${id}-content`}
              rows={4}
              value={form.content}
              onChange={(e) => set('content', e.target.value)}
            />
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
            <Button type="submit" disabled={pending} {...deniedProps(may)}>
              {pending ? 'Speichern …' : post ? 'Save' : 'Create Post'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
