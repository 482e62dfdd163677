import { useQuery } from '@tanstack/react-query';
import { Loader2Icon, SparklesIcon } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import type { VideoDefaults } from '@/db/settings';
import { mediaLibraryQueryOptions } from '@/lib/api/query-keys';
import type { MediaFile, VideoPlatformId } from '@/contract';
import { useVideoPlatforms } from '../api/get-video-platforms';
import { usePlatformAvatars } from '../hooks/use-platform-avatars';
import { useVideoDefaults } from '../api/get-video-defaults';
import { useGenerateVideo } from '../api/generate-video';
import type { VideoDraft } from '../lib/draft';
import { messages } from '../messages';
import { BACKGROUND_OPTIONS, QUALITY_OPTIONS, VOICE_OPTIONS } from '../lib/options';
import { ChoiceCard } from '@/components/ui/choice-card';
import { ListError } from './list-error';
import { NativeSelect } from '@/components/ui/native-select';
import { useCan } from '@/lib/use-can';

const FALLBACK_DEFAULTS: VideoDefaults = { quality: '1080p', voice: 'german-female-1' };
/** The local platform offers the newest Media Library images as backgrounds, this many at most. */
const MAX_IMAGE_BACKGROUNDS = 100;
const isScene = (id: string) => BACKGROUND_OPTIONS.some((b) => b.value === id);
const imagesOf = (items: MediaFile[]) => items.filter((m) => m.type === 'image').slice(0, MAX_IMAGE_BACKGROUNDS);

/** New Video: platform, avatar, script, background, voice and quality, then generate (SPEC §5). */
/** Choice cards' places while the list loads, in the list's own grid and a card's height at each width. */
function ChoicesSkeleton({ count, className, item }: { count: number; className: string; item: string }) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={`rounded-lg ${item}`} />
      ))}
    </div>
  );
}

export function NewVideoForm({
  draft,
  onChange,
  onShowProjects,
}: {
  draft: VideoDraft;
  onChange: (patch: Partial<VideoDraft>) => void;
  onShowProjects: () => void;
}) {
  const ids = {
    script: useId(),
    background: useId(),
    backgroundHint: useId(),
    voice: useId(),
    quality: useId(),
    hint: useId(),
  };
  const platforms = useVideoPlatforms();
  const avatars = usePlatformAvatars(draft.platform);
  const defaults = useVideoDefaults() ?? FALLBACK_DEFAULTS;
  const generate = useGenerateVideo();
  const mayGenerate = useCan('video.generate');
  // The desk's own render needs no avatar; it can show a Media Library image behind its text.
  const local = draft.platform === 'local';
  const images = useQuery({ ...mediaLibraryQueryOptions(), enabled: local, select: imagesOf });

  const visibleAvatars = avatars.data;
  // An avatar chosen on another platform does not count once the platform changed.
  const avatarId = visibleAvatars.some((a) => a.id === draft.avatarId) ? draft.avatarId : '';
  // A Media Library image chosen for local is no scene a provider knows.
  const background = local || isScene(draft.background) ? draft.background : BACKGROUND_OPTIONS[0].value;
  const quality = draft.quality ?? defaults.quality;
  const voice = draft.voice ?? defaults.voice;
  const missing = !draft.script.trim() || (!local && !avatarId);
  const requirement = local ? messages.scriptRequired : messages.avatarAndScriptRequired;
  const busy = generate.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (missing) {
      toast.error(requirement);
      return;
    }
    generate.mutate(
      { platform: draft.platform, avatar: local ? '' : avatarId, script: draft.script, background, voice, quality },
      {
        onSuccess: (project) =>
          toast.success(messages.generated, {
            description: project?.title,
            action: { label: 'My Projects', onClick: onShowProjects },
          }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      aria-label="New Video"
      noValidate
    >
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Video platform</CardTitle>
            <CardDescription>
              Which provider renders the avatar video, or Lokal: the desk renders it without a provider.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {platforms.isPending ? (
              <ChoicesSkeleton
                count={6}
                className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3"
                item="h-[66px] lg:h-[82px]"
              />
            ) : platforms.isError ? (
              <ListError onRetry={() => void platforms.refetch()} />
            ) : (
              <fieldset className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
                <legend className="sr-only">Video platform</legend>
                {platforms.data.map((platform) => (
                  <ChoiceCard
                    key={platform.id}
                    name="video-platform"
                    value={platform.id}
                    checked={draft.platform === platform.id}
                    onSelect={(v) => onChange({ platform: v as VideoPlatformId })}
                  >
                    <span className="space-y-1">
                      <span className="block font-medium">{platform.name}</span>
                      <span className="block text-xs text-muted-foreground">{platform.description}</span>
                    </span>
                  </ChoiceCard>
                ))}
              </fieldset>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Avatar</CardTitle>
            <CardDescription>
              {local
                ? 'Not needed for a local render.'
                : draft.platform === 'tavus'
                  ? 'All avatars can be used with Tavus.'
                  : 'Avatars of the chosen platform.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {local ? (
              <p className="text-sm text-muted-foreground">{messages.localNoAvatar}</p>
            ) : avatars.isPending ? (
              <ChoicesSkeleton
                count={4}
                className="grid gap-2 sm:grid-cols-2"
                item="h-[66px] lg:h-[78px] xl:h-[66px]"
              />
            ) : avatars.isError ? (
              <ListError onRetry={() => void avatars.refetch()} />
            ) : visibleAvatars.length === 0 ? (
              <p className="text-sm text-muted-foreground">{messages.noAvatars}</p>
            ) : (
              <fieldset className="grid gap-2 sm:grid-cols-2">
                <legend className="sr-only">Avatar</legend>
                {visibleAvatars.map((avatar) => (
                  <ChoiceCard
                    key={avatar.id}
                    name="video-avatar"
                    value={avatar.id}
                    checked={avatarId === avatar.id}
                    onSelect={(v) => onChange({ avatarId: v })}
                    className="items-center"
                  >
                    <img
                      src={avatar.preview}
                      alt=""
                      className="size-10 rounded-full bg-muted object-cover"
                      width={40}
                      height={40}
                      loading="lazy"
                    />
                    <span>
                      <span className="block font-medium">{avatar.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {avatar.platform} · {avatar.voice}
                      </span>
                    </span>
                  </ChoiceCard>
                ))}
              </fieldset>
            )}
          </CardContent>
        </Card>
      </div>

      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Script and output</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={ids.script}>Script</Label>
            <Textarea
              id={ids.script}
              rows={8}
              value={draft.script}
              onChange={(e) => onChange({ script: e.target.value })}
              placeholder="Guten Abend, hier sind die Nachrichten …"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.background}>Background</Label>
            <NativeSelect
              id={ids.background}
              value={background}
              onValueChange={(value) => onChange({ background: value })}
              aria-describedby={local ? ids.backgroundHint : undefined}
              options={BACKGROUND_OPTIONS}
              groups={
                local && images.data && images.data.length > 0
                  ? [{ label: 'Media Library', options: images.data.map((m) => ({ value: m.id, label: m.title })) }]
                  : undefined
              }
            />
            {local && (
              <p id={ids.backgroundHint} className="text-xs text-muted-foreground">
                {messages.localBackground}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.voice}>Voice</Label>
              <NativeSelect
                id={ids.voice}
                value={voice}
                onValueChange={(voice) => onChange({ voice })}
                options={VOICE_OPTIONS}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.quality}>Quality</Label>
              <NativeSelect
                id={ids.quality}
                value={quality}
                onValueChange={(quality) => onChange({ quality })}
                options={QUALITY_OPTIONS}
              />
            </div>
          </div>
          <Button
            type="submit"
            className="w-full"
            disabled={missing || busy || !mayGenerate.allowed}
            title={mayGenerate.reason}
            aria-describedby={missing ? ids.hint : undefined}
          >
            {busy ? <Loader2Icon className="animate-spin" aria-hidden /> : <SparklesIcon aria-hidden />}
            {busy ? 'Generating…' : 'Generate video'}
          </Button>
          {missing && (
            <p id={ids.hint} className="text-sm text-muted-foreground">
              {requirement}
            </p>
          )}
        </CardContent>
      </Card>
    </form>
  );
}
