import { DownloadIcon, Loader2Icon, PlayIcon, RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import type { VideoProject, VideoProjectStatus } from '@/contract';
import { errorMessage } from '@/lib/http/api-error';
import { useAvatars } from '../api/get-avatars';
import { useVideoPlatforms } from '../api/get-video-platforms';
import { useVideoProjects } from '../api/get-video-projects';
import { formatDateTimeMedium } from '@/lib/format';
import { deniedProps, useCan } from '@/lib/use-can';
import { useDownloadVideo } from '../api/download-video';
import { useVideoStatusPoll } from '../api/get-video-status';
import { useRetryVideoProject } from '../api/retry-video-project';
import { isLocal } from '../lib/project';
import { messages } from '../messages';
import { ListError } from './list-error';
import { PlayerDialog } from './player-dialog';

const STATUS: Record<VideoProjectStatus, { label: string; tone: 'ok' | 'info' | 'neutral' | 'error' }> = {
  completed: { label: 'Completed', tone: 'ok' },
  processing: { label: 'Processing', tone: 'info' },
  draft: { label: 'Draft', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'error' },
};

/**
 * My Projects: GET /video/projects with Retry (failed), Play and Download (completed with a url) — the providers' projects,
 * the local platform's and the pipeline's own renders.
 */
export function ProjectsList() {
  const projects = useVideoProjects();
  const avatars = useAvatars();
  const platforms = useVideoPlatforms();
  const [playing, setPlaying] = useState<VideoProject | null>(null);

  if (projects.isPending) return <Skeleton className="h-40 w-full" />;
  if (projects.isError) {
    return (
      <Card>
        <CardContent className="p-5">
          <ListError onRetry={() => void projects.refetch()} />
        </CardContent>
      </Card>
    );
  }
  if (projects.data.length === 0) {
    return (
      <Card>
        <CardContent className="p-5 text-sm text-muted-foreground">{messages.noProjects}</CardContent>
      </Card>
    );
  }

  const avatarName = (id: string) => avatars.data?.find((a) => a.id === id)?.name ?? id;
  const platformName = (id: string) => platforms.data?.find((p) => p.id === id)?.name ?? id;

  return (
    <>
      <ul className="grid gap-3" aria-label="My Projects">
        {projects.data.map((project) => (
          <ProjectRow
            key={project.id}
            project={project}
            avatarName={project.avatar ? avatarName(project.avatar) : ''}
            platformName={platformName(project.platform)}
            onPlay={() => setPlaying(project)}
            reloadList={() => projects.refetch()}
            listFetching={projects.isFetching}
          />
        ))}
      </ul>
      <PlayerDialog project={playing} onClose={() => setPlaying(null)} />
    </>
  );
}

function ProjectRow({
  project,
  avatarName,
  platformName,
  onPlay,
  reloadList,
  listFetching,
}: {
  project: VideoProject;
  avatarName: string;
  platformName: string;
  onPlay: () => void;
  /** A local project has no provider status to ask: the list itself is loaded again. */
  reloadList: () => Promise<{ isError: boolean; error: unknown }>;
  listFetching: boolean;
}) {
  const retry = useRetryVideoProject();
  // A provider's project goes again through its create route, a local one through video.retryProject: an Editor's.
  const mayRetry = useCan('video.retryProject');
  const download = useDownloadVideo();
  const poll = useVideoStatusPoll(project);
  const progress = project.status === 'processing' && poll.data ? poll.data.progress : project.progress;
  const { label, tone } = STATUS[project.status] ?? STATUS.draft;

  const onRetry = () =>
    retry.mutate(project, {
      onSuccess: () => toast.success(messages.retryStarted, { description: project.title }),
    });
  const local = isLocal(project);
  // Asks the provider (a local project: the desk) now instead of waiting for the next poll.
  const onStatus = () =>
    void (local ? reloadList() : poll.refetch()).then((result) => {
      if (result.isError) toast.error(messages.statusFailed, { description: errorMessage(result.error) });
    });
  const checking = local ? listFetching : poll.isFetching;
  const onDownload = () => download.mutate(project);

  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="truncate font-medium">{project.title}</h3>
              <Badge tone={tone}>{label}</Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              {[platformName, avatarName, project.duration, formatDateTimeMedium(project.createdAt)]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {project.status === 'failed' && project.error && (
              <p className="text-xs text-red-700 dark:text-red-400">{project.error}</p>
            )}
            {project.status === 'processing' && poll.isError && (
              <p className="text-xs text-red-700 dark:text-red-400">
                {messages.statusFailed} {errorMessage(poll.error)}
              </p>
            )}
            {project.status === 'processing' && (
              <div className="flex items-center gap-3">
                <Progress value={progress} aria-label={`Fortschritt ${project.title}`} className="max-w-xs" />
                <span className="text-xs tabular-nums text-muted-foreground">{progress}%</span>
              </div>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {project.status === 'processing' && (
              <Button
                variant="outline"
                size="sm"
                className="min-h-10"
                onClick={onStatus}
                aria-label={`Check status: ${project.title}`}
              >
                {checking ? <Loader2Icon className="animate-spin" aria-hidden /> : <RefreshCwIcon aria-hidden />}
                Check status
              </Button>
            )}
            {project.status === 'failed' && (
              <Button
                variant="outline"
                size="sm"
                className="min-h-10"
                onClick={onRetry}
                disabled={retry.isPending}
                {...deniedProps(mayRetry)}
                aria-label={`Retry: ${project.title}`}
              >
                {retry.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <RotateCcwIcon aria-hidden />}
                Retry
              </Button>
            )}
            {project.status === 'completed' && project.url && (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-10"
                  onClick={onPlay}
                  aria-label={`Play: ${project.title}`}
                >
                  <PlayIcon aria-hidden />
                  Play
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-10"
                  onClick={onDownload}
                  disabled={download.isPending}
                  aria-label={`Download: ${project.title}`}
                >
                  {download.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden />
                  ) : (
                    <DownloadIcon aria-hidden />
                  )}
                  Download
                </Button>
              </>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
