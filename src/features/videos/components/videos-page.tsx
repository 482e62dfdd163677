import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { INITIAL_DRAFT, INITIAL_WORKFLOW, type VideoDraft, type WorkflowDraft } from '../lib/draft';
import { NewVideoForm } from './new-video-form';
import { ProjectsList } from './projects-list';
import { VideoSettings } from './video-settings';
import { WorkflowIntegration } from './workflow-integration';

type Tab = 'new' | 'projects' | 'workflow' | 'settings';

/** Video Studio (/dashboard/videos): the drafts live here so that switching tabs loses nothing. */
export function VideosPage() {
  const [tab, setTab] = useState<Tab>('new');
  const [draft, setDraft] = useState<VideoDraft>(INITIAL_DRAFT);
  const [workflow, setWorkflow] = useState<WorkflowDraft>(INITIAL_WORKFLOW);
  const unsaved = draft.script.trim() !== '' || workflow.url.trim() !== '';

  return (
    <div className="space-y-6" data-unsaved={unsaved ? 'true' : undefined}>
      <PageHeader title="Video Studio" description="Generate AI avatar videos, follow your projects and hand them to your automation workflows." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Video Studio">
          <TabsTrigger value="new">New Video</TabsTrigger>
          <TabsTrigger value="projects">My Projects</TabsTrigger>
          <TabsTrigger value="workflow">Workflow Integration</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="new">
          <NewVideoForm draft={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} onShowProjects={() => setTab('projects')} />
        </TabsContent>
        <TabsContent value="projects">
          <ProjectsList />
        </TabsContent>
        <TabsContent value="workflow">
          <WorkflowIntegration draft={workflow} onChange={(patch) => setWorkflow((w) => ({ ...w, ...patch }))} platform={draft.platform} script={draft.script} />
        </TabsContent>
        <TabsContent value="settings">
          <VideoSettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
