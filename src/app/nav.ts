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
import { SCREENS, type ScreenId } from '@/lib/screens';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

const ICONS: Partial<Record<ScreenId, LucideIcon>> = {
  overview: LayoutDashboard,
  workflow: Workflow,
  posts: FileText,
  media: FolderOpen,
  live: Radio,
  social: Share2,
  videos: Clapperboard,
  prompts: Sparkles,
  admin: Settings,
};

const navOf = (place: 'main' | 'admin'): NavItem[] =>
  SCREENS.filter((s) => s.nav === place).map((s) => ({ label: s.name, to: s.path, icon: ICONS[s.id] ?? Bot }));

/** SPEC §2 sidebar entries, in order (lib/screens); AI News has no entry. */
export const mainNav: NavItem[] = navOf('main');

export const adminNav: NavItem[] = navOf('admin');

export const brandIcon = Bot;
