import { AlertTriangle, CalendarClock, ImageIcon, Loader2, Send, Upload } from 'lucide-react';
import { useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { MediaFile, Platform, PostTemplate, SocialPlatform } from '@/contract';
import { useComposePost, type ComposeResult } from '../api/compose-post';
import { useMediaLibrary } from '../api/get-media';
import { useUploadMedia } from '../api/upload-media';
import { usePublishing, type Ended } from '../hooks/use-publishing';
import type { Draft } from '../lib/draft';
import { fillTemplate } from '../lib/fill-template';
import { PLATFORM_LIMITS, textLength } from '../lib/limits';
import { PLATFORM_LABELS } from '@/lib/labels';
import { useLazyCan } from '@/lib/use-lazy-can';
import { messages } from '../messages';

type TemporalNow = { Now?: { timeZoneId?: () => string } };

/**
 * The browser's zone (the operator's), sent with every scheduled time and shown under it. Temporal answers at once;
 * `Intl`'s first formatter sets up ICU's locale data in one long task, so it is only the fallback.
 */
const operatorZone = (): string | undefined => {
  try {
    const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
    return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/** What a platform cannot publish without (SPEC §7 platforms: Instagram takes images and videos, TikTok and YouTube videos). */
function mediaNeed(platform: Platform, media: MediaFile | undefined): string | undefined {
  if (platform === 'instagram' && !media) return messages.needsMedia(PLATFORM_LABELS[platform]);
  if ((platform === 'tiktok' || platform === 'youtube') && media?.type !== 'video')
    return messages.needsVideo(PLATFORM_LABELS[platform]);
  return undefined;
}

const names = (platforms: Platform[]) => platforms.map((p) => PLATFORM_LABELS[p]).join(', ');

/**
 * The results of posts as the server has them: published (together), failed with the platform's reason. A post the
 * server accepted (202) comes here once the job queue has published or failed it; a repeated key's may be here at once.
 */
function reportEnded(ended: Ended[]) {
  const published = ended.filter((e) => e.status === 'published').map((e) => e.platform);
  if (published.length) toast.success(messages.posted, { description: messages.postedText(names(published)) });
  for (const e of ended)
    if (e.status === 'failed')
      toast.error(messages.error, { description: `${PLATFORM_LABELS[e.platform]}: ${e.error}` });
}

/** Scheduled, queued in the outbox, refused; a post accepted for publishing is followed until its result (`follow`). */
function report(result: ComposeResult, scheduledAt: string | null, follow: (ids: string[]) => void) {
  const sent = result.outcomes.flatMap((o) => (o.state === 'sent' ? [o.result] : []));
  const queued = result.outcomes.filter((o) => o.state === 'queued').map((o) => o.platform);
  const scheduled = sent.filter((r) => r.status === 'scheduled').map((r) => r.platform);
  if (scheduledAt && scheduled.length)
    toast.success(messages.scheduled, {
      description: messages.scheduledText(names(scheduled), scheduledAt.replace('T', ' ')),
    });
  reportEnded(sent.filter((r) => r.status === 'published' || r.status === 'failed'));
  follow(sent.filter((r) => r.status === 'pending' || r.status === 'publishing').map((r) => r.id));
  if (queued.length) toast.info(messages.queued, { description: messages.queuedText(names(queued)) });
  for (const o of result.outcomes)
    if (o.state === 'accepted') toast.warning(PLATFORM_LABELS[o.platform], { description: o.reason });
  for (const { platform, reason } of result.rejected)
    toast.error(messages.error, { description: `${PLATFORM_LABELS[platform]}: ${reason}` });
}

/** Compose: platforms (connected only), template, content, scheduling, live preview per platform, Post Now and Schedule. */
export function Composer({
  draft,
  onChange,
  platforms,
  templates,
  onSent,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  platforms: SocialPlatform[];
  templates: PostTemplate[];
  onSent: () => void;
}) {
  const compose = useComposePost();
  // Post Now and Schedule both go out as social.post: a Viewer may do neither. The check loads beside the screen (its
  // first load is at the budget's limit); until then the server's refusal is the word.
  const mayPost = useLazyCan('social.post');
  const mayUpload = useLazyCan('media.upload');
  const publishing = usePublishing(reportEnded);
  const library = useMediaLibrary();
  const attachUpload = useUploadMedia();
  const fileInput = useRef<HTMLInputElement>(null);
  const postable = (library.data ?? []).filter((m) => m.type !== 'audio');
  const attached = postable.find((m) => m.id === draft.mediaId);
  const connected = new Set(platforms.filter((p) => p.connected).map((p) => p.id));
  const selected = draft.platforms.filter((p) => connected.has(p));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const text = fillTemplate(draft.content, draft);
  const tooLong = selected.filter((p) => textLength(text) > PLATFORM_LIMITS[p]);
  // The same text still on its way to a picked platform: a second Post Now would publish it there twice.
  const busy = publishing.busyWith(text, selected);
  const zone = draft.scheduling ? operatorZone() : undefined;

  const togglePlatform = (id: Platform, on: boolean) =>
    set('platforms', on ? [...new Set([...draft.platforms, id])] : draft.platforms.filter((p) => p !== id));

  const pickTemplate = (id: string) => {
    const template = templates.find((t) => t.id === id);
    onChange({ ...draft, templateId: id, content: template ? template.content : draft.content });
  };

  const submit = (mode: 'now' | 'schedule') => {
    if (!draft.content.trim()) return toast.error(messages.error, { description: messages.contentRequired });
    if (selected.length === 0) return toast.error(messages.error, { description: messages.platformRequired });
    if (tooLong.length) return toast.error(messages.error, { description: messages.tooLong(names(tooLong)) });
    let scheduledAt: string | null = null;
    if (mode === 'schedule') {
      if (!draft.scheduling || !draft.date || !draft.time)
        return toast.error(messages.error, { description: messages.scheduleRequired });
      scheduledAt = `${draft.date}T${draft.time}`;
    }
    compose.mutate(
      {
        platforms: selected,
        title: draft.title.trim(),
        content: text,
        scheduledAt,
        timeZone: operatorZone(),
        ...(attached ? { mediaId: attached.id } : {}),
      },
      {
        onSuccess: (result) => {
          report(result, scheduledAt, publishing.follow);
          if (result.rejected.length === 0) return onSent();
          // Only the refused platforms stay picked: sending again must not post twice where it already went out.
          onChange({ ...draft, platforms: result.rejected.map((r) => r.platform) });
          toast.info(messages.resendHint, {
            description: messages.resendHintText(names(result.rejected.map((r) => r.platform))),
          });
        },
      },
    );
  };

  const uploadAttachment = (file: File | undefined) => {
    if (!file) return;
    if (file.type.startsWith('audio/'))
      return toast.error(messages.mediaUploadFailed, { description: messages.mediaAudio });
    attachUpload.mutate(file, {
      onSuccess: (item) => {
        if (item.type === 'audio') return toast.error(messages.mediaUploadFailed, { description: messages.mediaAudio });
        set('mediaId', item.id);
        toast.success(messages.mediaUploaded, { description: messages.mediaUploadedText(item.title) });
      },
    });
  };

  // Marked while it holds a post not yet sent, so an automatic update never reloads over it.
  const unsaved = draft.content.trim() !== '' || draft.title.trim() !== '';
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-unsaved={unsaved ? 'true' : undefined}>
      <Card>
        <CardHeader>
          <CardTitle>Compose</CardTitle>
          <CardDescription>Nur verbundene Plattformen können gewählt werden.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Plattformen</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {platforms.map((p) => {
                const isConnected = connected.has(p.id);
                return (
                  <label
                    key={p.id}
                    className="flex min-h-10 items-center gap-2 rounded-md border px-3 text-sm has-[:disabled]:bg-muted/40"
                  >
                    <Checkbox
                      checked={isConnected && draft.platforms.includes(p.id)}
                      disabled={!isConnected}
                      onCheckedChange={(v) => togglePlatform(p.id, v)}
                      aria-label={PLATFORM_LABELS[p.id]}
                    />
                    <span>{PLATFORM_LABELS[p.id]}</span>
                    {!isConnected && (
                      <span className="ml-auto text-xs text-muted-foreground">{messages.notConnected}</span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor="compose-template">Vorlage</Label>
            <NativeSelect
              id="compose-template"
              value={draft.templateId}
              onValueChange={pickTemplate}
              options={[
                { value: '', label: 'Keine Vorlage' },
                ...templates.map((t) => ({ value: t.id, label: t.name })),
              ]}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1">
              <Label htmlFor="compose-title">Titel</Label>
              <Input id="compose-title" value={draft.title} onChange={(e) => set('title', e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="compose-video">Video-Link</Label>
              <Input id="compose-video" value={draft.videoLink} onChange={(e) => set('videoLink', e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="compose-stream">Stream-Link</Label>
              <Input id="compose-stream" value={draft.streamLink} onChange={(e) => set('streamLink', e.target.value)} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="compose-media">Medium</Label>
            <div className="flex flex-wrap items-center gap-2">
              <NativeSelect
                id="compose-media"
                className="w-full sm:w-auto sm:flex-1"
                value={attached ? attached.id : ''}
                onValueChange={(id) => set('mediaId', id)}
                options={[
                  { value: '', label: messages.mediaNone },
                  ...postable.map((m) => ({
                    value: m.id,
                    label: `${m.title} (${m.type === 'video' ? 'Video' : 'Bild'})`,
                  })),
                ]}
              />
              <input
                ref={fileInput}
                type="file"
                accept="image/*,video/*"
                className="sr-only"
                tabIndex={-1}
                aria-label="Medium hochladen"
                onChange={(e) => {
                  uploadAttachment(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button
                type="button"
                variant="outline"
                onClick={() => fileInput.current?.click()}
                disabled={attachUpload.isPending || !mayUpload.allowed}
                title={mayUpload.reason}
              >
                <Upload aria-hidden />
                Hochladen
              </Button>
              {attachUpload.isPending && (
                <span className="text-sm text-muted-foreground" role="status">
                  Wird hochgeladen …
                </span>
              )}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="compose-content">Inhalt</Label>
            <Textarea
              id="compose-content"
              rows={6}
              value={draft.content}
              onChange={(e) => set('content', e.target.value)}
            />
          </div>
          <div className="flex items-center gap-3">
            <Switch id="compose-scheduling" checked={draft.scheduling} onCheckedChange={(v) => set('scheduling', v)} />
            <Label htmlFor="compose-scheduling">Planen</Label>
          </div>
          {draft.scheduling && (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1">
                <Label htmlFor="compose-date">Datum</Label>
                <Input id="compose-date" type="date" value={draft.date} onChange={(e) => set('date', e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="compose-time">Uhrzeit</Label>
                <Input id="compose-time" type="time" value={draft.time} onChange={(e) => set('time', e.target.value)} />
              </div>
              {zone && <p className="text-xs text-muted-foreground sm:col-span-2">{messages.timeZone(zone)}</p>}
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => submit('now')}
              disabled={compose.isPending || busy.length > 0 || !mayPost.allowed}
              title={mayPost.reason}
              aria-describedby={busy.length ? 'compose-busy' : undefined}
            >
              <Send aria-hidden />
              Post Now
            </Button>
            <Button
              variant="outline"
              onClick={() => submit('schedule')}
              disabled={compose.isPending || !mayPost.allowed}
              title={mayPost.reason}
            >
              <CalendarClock aria-hidden />
              Schedule
            </Button>
            {compose.isPending && (
              <span className="self-center text-sm text-muted-foreground" role="status">
                Wird gesendet …
              </span>
            )}
          </div>
          {busy.length > 0 && (
            <p id="compose-busy" className="text-sm text-muted-foreground">
              {messages.busyWith(names(busy))}
            </p>
          )}
          {publishing.inFlight.length > 0 && (
            <ul aria-label={messages.inFlightLabel} className="grid gap-1 text-sm">
              {publishing.inFlight.map((p) => (
                <li
                  key={p.id}
                  role="status"
                  data-testid={`publishing-${p.platform}`}
                  className="flex min-w-0 items-center gap-2"
                >
                  <Loader2 className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
                  <span className="font-medium">
                    {PLATFORM_LABELS[p.platform]}: {messages.publishing}
                  </span>
                  <span className="truncate text-muted-foreground">{p.title || p.content}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <CardDescription>So erscheint der Post auf jeder gewählten Plattform.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {selected.length === 0 && (
            <p className="text-sm text-muted-foreground">Wählen Sie eine Plattform, um die Vorschau zu sehen.</p>
          )}
          {selected.map((p) => {
            const limit = PLATFORM_LIMITS[p];
            const length = textLength(text);
            const over = length > limit;
            return (
              <section
                key={p}
                aria-label={`Vorschau ${PLATFORM_LABELS[p]}`}
                className="grid gap-2 rounded-lg border p-3"
              >
                <div className="flex items-center justify-between">
                  <span className="font-medium">{PLATFORM_LABELS[p]}</span>
                  <Badge tone={over ? 'error' : 'neutral'}>
                    {length} / {limit}
                  </Badge>
                </div>
                {attached && (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <ImageIcon className="size-4" aria-hidden />
                    Anhang: {attached.title} ({attached.type === 'video' ? 'Video' : 'Bild'})
                  </p>
                )}
                <p className="whitespace-pre-wrap break-words text-sm">
                  {text || <span className="text-muted-foreground">Noch kein Inhalt.</span>}
                </p>
                {mediaNeed(p, attached) && (
                  <p className="flex items-center gap-2 text-sm text-amber-700 dark:text-amber-400">
                    <AlertTriangle className="size-4" aria-hidden />
                    {mediaNeed(p, attached)}
                  </p>
                )}
                {over && (
                  <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
                    <AlertTriangle className="size-4" aria-hidden />
                    {messages.overLimit(PLATFORM_LABELS[p], length, limit)}
                  </p>
                )}
              </section>
            );
          })}
        </CardContent>
      </Card>
    </div>
  );
}
