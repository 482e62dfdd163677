import type { Platform } from '@/contract';

export interface Draft {
  platforms: Platform[];
  templateId: string;
  title: string;
  videoLink: string;
  streamLink: string;
  content: string;
  /** SPEC §9: scheduling in the composer is on by default. */
  scheduling: boolean;
  date: string;
  time: string;
  /** A Media Library file (image or video) posted with the text; '' for none. */
  mediaId: string;
}

function tomorrow(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function emptyDraft(): Draft {
  return {
    platforms: [],
    templateId: '',
    title: '',
    videoLink: 'https://youtube.com/@newsdesk/videos',
    streamLink: 'https://youtube.com/@newsdesk/live',
    content: '',
    scheduling: true,
    date: tomorrow(),
    time: '09:00',
    mediaId: '',
  };
}
