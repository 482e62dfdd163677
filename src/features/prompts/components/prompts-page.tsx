import { Suspense, useState } from 'react';
import { retryableLazy } from '@/components/ui/lazy-panel';
import { toast } from '@/components/ui/toast';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ContentParameters } from '../lib/render';
import { messages } from '../messages';
import { DEFAULT_AUDIENCE, DEFAULT_LANGUAGE } from '../lib/options';
import type { ContentTemplateId } from '../lib/templates';
import { ContentTab } from './content-tab';
import { ImageTab } from './image-tab';
import { VoiceTab } from './voice-tab';

// The Custom tab keeps its prompts in IndexedDB: it (and Dexie, 30 KB gzip) loads when the tab is opened, not before the heading.
const CustomTab = retryableLazy(() => import('./custom-tab').then((m) => ({ default: m.CustomTab })));

type Tab = 'content' | 'voice' | 'image' | 'custom';

export interface ContentState extends ContentParameters {
  templateId: ContentTemplateId;
  output: string;
}

const INITIAL: ContentState = {
  templateId: 'breaking_news',
  topic: '',
  location: '',
  language: DEFAULT_LANGUAGE,
  audience: DEFAULT_AUDIENCE,
  output: '',
};

/** Prompt Generator (/dashboard/prompts); the content state lives here so that Use from other tabs can fill it. */
export function PromptsPage() {
  const [tab, setTab] = useState<Tab>('content');
  const [content, setContent] = useState<ContentState>(INITIAL);
  const update = (patch: Partial<ContentState>) => setContent((c) => ({ ...c, ...patch }));
  const applyPrompt = (text: string) => {
    update({ output: text });
    setTab('content');
    toast.success(messages.promptUsed);
  };

  return (
    <div
      className="space-y-6"
      data-unsaved={content.output.trim() || content.topic.trim() || content.location.trim() ? 'true' : undefined}
    >
      <PageHeader {...screenHeader} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Prompt Generator">
          <TabsTrigger value="content">Content</TabsTrigger>
          <TabsTrigger value="voice">Voice</TabsTrigger>
          <TabsTrigger value="image">Image</TabsTrigger>
          <TabsTrigger value="custom">Custom</TabsTrigger>
        </TabsList>
        <TabsContent value="content">
          <ContentTab state={content} onChange={update} />
        </TabsContent>
        <TabsContent value="voice">
          <VoiceTab onUse={applyPrompt} />
        </TabsContent>
        <TabsContent value="image">
          <ImageTab topic={content.topic} />
        </TabsContent>
        <TabsContent value="custom">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <CustomTab topic={content.topic} location={content.location} onUse={applyPrompt} />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
