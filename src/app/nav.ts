import {
  Bot,
  Clapperboard,
  FileText,
  FolderOpen,
  LayoutDashboard,
  Radio,
  Settings,
  Share2,
  Sparkles,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** SPEC §2 sidebar entries, in order; AI News has no entry. */
export const mainNav: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'Workflow', to: '/dashboard/workflow', icon: Workflow },
  { label: 'Posts', to: '/dashboard/posts', icon: FileText },
  { label: 'Media Library', to: '/dashboard/media', icon: FolderOpen },
  { label: 'Live Broadcast', to: '/dashboard/live', icon: Radio },
  { label: 'Social Media', to: '/dashboard/social', icon: Share2 },
  { label: 'Video Studio', to: '/dashboard/videos', icon: Clapperboard },
  { label: 'Prompt Generator', to: '/dashboard/prompts', icon: Sparkles },
];

export const adminNav: NavItem[] = [{ label: 'Admin Settings', to: '/dashboard/admin', icon: Settings }];

export const brandIcon = Bot;
