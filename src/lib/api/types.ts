// Entity types of SPEC §3, shared by lib/api, the screens and the mock store.
import type { Platform } from '@/db/settings';

export type { Platform };

export type PostStatus = 'published' | 'scheduled' | 'draft' | 'review' | 'failed';
export interface Post {
  id: string;
  title: string;
  status: PostStatus;
  platform: Platform;
  views: number;
  engagement: number;
  publishDate: string;
  category: string;
  content?: string;
}
export type NewPost = Omit<Post, 'id' | 'views' | 'engagement'> & Partial<Pick<Post, 'views' | 'engagement'>>;

export type NewsSource = 'Tech News' | 'Reuters' | 'Bloomberg' | 'NASA' | 'Medical News';
export type NewsCategory = 'Technologie' | 'Umwelt' | 'Wirtschaft' | 'Wissenschaft' | 'Gesundheit';
export interface AiNewsItem {
  id: string;
  title: string;
  source: NewsSource;
  category: NewsCategory;
  status: PostStatus;
  createdAt: string;
  publishedAt: string | null;
  views: number;
  engagement: number;
}

export type MediaType = 'video' | 'audio' | 'image';
export interface MediaFile {
  id: string;
  title: string;
  type: MediaType;
  size: string;
  duration: string | null;
  date: string;
  thumbnail: string;
  url: string;
  views: number;
}

export interface Notification {
  id: string;
  message: string;
  type: 'success' | 'info';
  time: string;
}

export interface StatCardData {
  id: string;
  title: string;
  value: string;
  description: string;
  icon: 'news' | 'live' | 'views' | 'videos' | 'queue';
  trend?: { value: number; isPositive: boolean };
}

export interface OverviewData {
  stats: StatCardData[];
  queuedJobs: number;
  notifications: Notification[];
  platformViews: Array<{ platform: string; views: number }>;
  workflowProgress: Array<{ id: string; name: string; progress: number }>;
  systemStatus: Array<{ id: string; name: string; status: 'online' | 'degraded' | 'offline'; detail: string }>;
  technicalMonitor: Array<{ id: string; label: string; value: number; unit: string }>;
}

export interface SocialPlatform {
  id: Platform;
  name: string;
  connected: boolean;
  status: string;
  followers: number;
  posts: number;
}

export interface PostTemplate {
  id: string;
  name: string;
  content: string;
}

export interface ScheduledPost {
  id: string;
  title: string;
  platform: Platform;
  time: string;
  status: string;
  content?: string;
}

export type VideoProvider = 'tavus' | 'vidau' | 'modelslab' | 'heygen' | 'did';
export interface VideoPlatform {
  id: VideoProvider;
  name: string;
  description: string;
}
export interface Avatar {
  id: string;
  name: string;
  preview: string;
  voice: string;
  platform: VideoProvider;
}
export type VideoProjectStatus = 'completed' | 'processing' | 'draft' | 'failed';
export interface VideoProject {
  id: string;
  title: string;
  status: VideoProjectStatus;
  progress: number;
  avatar: string;
  platform: VideoProvider;
  duration: string;
  createdAt: string;
  url: string | null;
}

export interface LiveScene {
  id: string;
  name: string;
  description: string;
}
export interface ScheduledBroadcast {
  id: string;
  title: string;
  time: string;
  date: string;
  platform: string;
}

export interface PipelineStep {
  id: string;
  name: string;
  status: 'completed' | 'running' | 'pending';
  progress: number;
}
export interface RunHistoryItem {
  id: string;
  timestamp: string;
  status: 'success' | 'failed';
  duration: string;
  topic: string;
  log?: string[];
}

/** SPEC §3 "Health/test result". */
export interface TestResult {
  success: boolean;
  responseTime: number;
  error?: string;
  status?: 'online' | 'offline';
  lastTested?: string;
}

export interface User {
  id: string;
  name: string;
  email: string;
  role: 'Admin' | 'Editor' | 'Viewer';
  access: string;
}
