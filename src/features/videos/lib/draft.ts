import type { VideoDefaults } from '@/db/settings';
import type { VideoPlatformId } from '@/contract';
import type { WebhookService } from './options';
import type { WorkflowFile } from './workflow-file';

/** What the New Video tab holds; quality and voice stay null until chosen, so the stored defaults apply. */
export interface VideoDraft {
  platform: VideoPlatformId;
  avatarId: string;
  script: string;
  /** A scene of BACKGROUND_OPTIONS, or (local platform) a Media Library image id. */
  background: string;
  quality: VideoDefaults['quality'] | null;
  voice: VideoDefaults['voice'] | null;
}

export const INITIAL_DRAFT: VideoDraft = {
  platform: 'tavus',
  avatarId: '',
  script: '',
  background: 'news-studio',
  quality: null,
  voice: null,
};

/** What the Workflow Integration tab holds. */
export interface WorkflowDraft {
  service: WebhookService;
  url: string;
  file: WorkflowFile | null;
}

export const INITIAL_WORKFLOW: WorkflowDraft = { service: 'n8n', url: '', file: null };
