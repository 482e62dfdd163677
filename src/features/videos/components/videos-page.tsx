import { useState } from 'react';
import { LazyPanel, retryableLazy } from '@/components/ui/lazy-panel';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { INITIAL_DRAFT, INITIAL_WORKFLOW, type VideoDraft, type WorkflowDraft } from '../lib/draft';
import { NewVideoForm } from './new-video-form';

// Only the first tab loads with the screen; the others (the projects' player dialog is Radix Dialog: 10.9 KB gzip)
// load when opened. Video Studio's up-front JS was 174.5 KB with all four (budget 160).
const ProjectsList = retryableLazy(() => import('./projects-list').then((m) => ({ default: m.ProjectsList })));
const WorkflowIntegration = retryableLazy(() =>
  import('./workflow-integration').then((m) => ({ default: m.WorkflowIntegration })),
);
const VideoSettings = retryableLazy(() => import('./video-settings').then((m) => ({ default: m.VideoSettings })));

type Tab = 'new' | 'projects' | 'workflow' | 'settings';

/** Video Studio (/dashboard/videos): the drafts live here so that switching tabs loses nothing. */
export function VideosPage() {
  const [tab, setTab] = useState<Tab>('new');
  const [draft, setDraft] = useState<VideoDraft>(INITIAL_DRAFT);
  const [workflow, setWorkflow] = useState<WorkflowDraft>(INITIAL_WORKFLOW);
  const unsaved = draft.script.trim() !== '' || workflow.url.trim() !== '';

  return (
    <div className="space-y-6" data-unsaved={unsaved ? 'true' : undefined}>
      <PageHeader {...screenHeader} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Video Studio">
          <TabsTrigger value="new">New Video</TabsTrigger>
          <TabsTrigger value="projects">My Projects</TabsTrigger>
          <TabsTrigger value="workflow">Workflow Integration</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="new">
          <NewVideoForm
            draft={draft}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            onShowProjects={() => setTab('projects')}
          />
        </TabsContent>
        <TabsContent value="projects">
          <LazyPanel>
            <ProjectsList />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="workflow">
          <LazyPanel>
            <WorkflowIntegration
              draft={workflow}
              onChange={(patch) => setWorkflow((w) => ({ ...w, ...patch }))}
              platform={draft.platform}
              script={draft.script}
            />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="settings">
          <LazyPanel>
            <VideoSettings />
          </LazyPanel>
        </TabsContent>
      </Tabs>
    </div>
  );
}
