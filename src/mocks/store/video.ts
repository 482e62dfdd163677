import type { Avatar, VideoPlatform, VideoPlatformId, VideoProject, VideoProvider } from '@/contract';
import { avatarFixtures, videoPlatformFixtures, videoProjectFixtures } from '../fixtures/video';
import { SAMPLE_VIDEO_URL } from '../fixtures/media';
import { registerStore } from './index';

let platforms: VideoPlatform[] = [];
let avatars: Avatar[] = [];
let projects: VideoProject[] = [];
let nextId = 1;
/** When each simulated local render started. */
const startedAt = new Map<string, number>();

registerStore((scenario) => {
  // The platforms are the product's integrations, not sample data: they stay in the 'empty' scenario.
  platforms = videoPlatformFixtures.map((p) => ({ ...p }));
  avatars = scenario === 'empty' ? [] : avatarFixtures.map((a) => ({ ...a }));
  projects = scenario === 'empty' ? [] : videoProjectFixtures.map((p) => ({ ...p }));
  startedAt.clear();
  nextId = 1;
});

/** Progress a processing project makes per status poll. */
export const PROGRESS_STEP = 25;
/** A simulated local render takes this long (the demo has no FFmpeg; the sample film stands in for the render). */
export const LOCAL_RENDER_MS = 6000;
const SAMPLE_DURATION = '0:04';

/** A local project moves with the clock, not with status polls (it has no provider to ask). */
function advanceLocal(project: VideoProject, now = Date.now()): void {
  if (project.platform !== 'local' || project.status !== 'processing') return;
  const started = startedAt.get(project.id) ?? now;
  startedAt.set(project.id, started);
  project.progress = Math.min(100, Math.floor(((now - started) / LOCAL_RENDER_MS) * 100));
  if (project.progress === 100) {
    project.status = 'completed';
    project.url = SAMPLE_VIDEO_URL;
    project.duration = SAMPLE_DURATION;
  }
}

export function listPlatforms(): VideoPlatform[] {
  return platforms.map((p) => ({ ...p }));
}

export function listAvatars(provider?: VideoProvider): Avatar[] {
  return avatars.filter((a) => !provider || a.platform === provider).map((a) => ({ ...a }));
}

/** Projects, newest first. */
export function listProjects(): VideoProject[] {
  for (const project of projects) advanceLocal(project);
  return projects.map((p) => ({ ...p }));
}

export function findProject(id: string): VideoProject | undefined {
  const project = projects.find((p) => p.id === id);
  return project && { ...project };
}

/** Starts a new project: processing at 0 %. A local one says in its title that the demo only simulates it. */
export function createProject(input: {
  platform: VideoPlatformId;
  avatar?: string;
  title?: string;
  script?: string;
}): VideoProject {
  const title = input.title?.trim() || input.script?.trim().slice(0, 60) || 'Neues Video';
  const local = input.platform === 'local';
  const project: VideoProject = {
    id: `vp-session-${nextId++}`,
    title: local ? `${title} (simuliert)` : title,
    status: 'processing',
    progress: 0,
    avatar: local ? '' : (input.avatar ?? ''),
    platform: input.platform,
    duration: '0:00',
    createdAt: new Date().toISOString(),
    url: null,
  };
  projects.unshift(project);
  if (local) startedAt.set(project.id, Date.now());
  return { ...project };
}

/** A status poll: a processing project advances, and is completed with a url at 100 %. */
export function pollProject(id: string): VideoProject | undefined {
  const project = projects.find((p) => p.id === id);
  if (!project) return undefined;
  if (project.status === 'processing') {
    project.progress = Math.min(100, project.progress + PROGRESS_STEP);
    if (project.progress === 100) {
      project.status = 'completed';
      project.url = SAMPLE_VIDEO_URL;
      project.duration = project.duration === '0:00' ? '1:00' : project.duration;
    }
  }
  return { ...project };
}

/** Retry of a failed project: processing again from 0 %. */
export function retryProject(id: string): VideoProject | undefined {
  const project = projects.find((p) => p.id === id);
  if (!project || project.status !== 'failed') return undefined;
  project.status = 'processing';
  project.progress = 0;
  startedAt.set(project.id, Date.now());
  return { ...project };
}
