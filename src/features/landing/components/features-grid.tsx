import { BarChart3, Bot, CalendarClock, Globe2, Radio, Video, type LucideIcon } from 'lucide-react';

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

// SPEC §1: what the landing page says the product does.
const FEATURES: Feature[] = [
  {
    title: 'AI News Generation',
    text: 'Trending topics and scraped sources become news articles through AI analysis.',
    icon: Bot,
  },
  {
    title: 'Multi-Platform Publishing',
    text: 'Publish to YouTube, Facebook, Instagram, TikTok and more in one step.',
    icon: Globe2,
  },
  {
    title: 'Live Streaming',
    text: 'Go live through broadcast software: scenes, stream control and on-air text.',
    icon: Radio,
  },
  {
    title: 'AI Avatar Videos',
    text: 'Speech synthesis and AI avatars turn every story into a presenter-led video.',
    icon: Video,
  },
  { title: 'Analytics', text: 'Views, engagement and success rates per platform at a glance.', icon: BarChart3 },
  {
    title: 'Smart Scheduling',
    text: 'Automated social media management with scheduling for every channel.',
    icon: CalendarClock,
  },
];

/** The six feature cards of the landing page. */
export function FeaturesGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map(({ title, text, icon: Icon }) => (
        <li key={title} className="rounded-lg border bg-card p-6 shadow-sm" data-testid="feature-card">
          <Icon className="mb-4 size-8 text-primary" aria-hidden />
          <h3 className="mb-2 text-lg font-semibold">{title}</h3>
          <p className="text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
