import type { Avatar, VideoPlatform, VideoProject, VideoProvider } from '@/lib/api/types';
import { avatarFixtures, videoPlatformFixtures, videoProjectFixtures } from '../fixtures/video';
import { SAMPLE_VIDEO_URL } from '../fixtures/media';
import { registerStore } from './index';

let platforms: VideoPlatform[] = [];
let avatars: Avatar[] = [];
let projects: VideoProject[] = [];
let nextId = 1;

registerStore((scenario) => {
  // The platforms are the product's integrations, not sample data: they stay in the 'empty' scenario.
  platforms = videoPlatformFixtures.map((p) => ({ ...p }));
  avatars = scenario === 'empty' ? [] : avatarFixtures.map((a) => ({ ...a }));
  projects = scenario === 'empty' ? [] : videoProjectFixtures.map((p) => ({ ...p }));
  nextId = 1;
});

/** Progress a processing project makes per status poll. */
export const PROGRESS_STEP = 25;

export function listPlatforms(): VideoPlatform[] {
  return platforms.map((p) => ({ ...p }));
}

export function listAvatars(provider?: VideoProvider): Avatar[] {
  return avatars.filter((a) => !provider || a.platform === provider).map((a) => ({ ...a }));
}

/** Projects, newest first. */
export function listProjects(): VideoProject[] {
  return projects.map((p) => ({ ...p }));
}

export function findProject(id: string): VideoProject | undefined {
  const project = projects.find((p) => p.id === id);
  return project && { ...project };
}

/** Starts a new project: processing at 0 %. */
export function createProject(input: { platform: VideoProvider; avatar?: string; title?: string; script?: string }): VideoProject {
  const title = input.title?.trim() || input.script?.trim().slice(0, 60) || 'Neues Video';
  const project: VideoProject = {
    id: `vp-session-${nextId++}`, title, status: 'processing', progress: 0, avatar: input.avatar ?? '',
    platform: input.platform, duration: '0:00', createdAt: new Date().toISOString(), url: null,
  };
  projects.unshift(project);
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
  return { ...project };
}
