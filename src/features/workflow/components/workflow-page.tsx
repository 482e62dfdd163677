export function WorkflowPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">n8n AI-News Workflow</h1>
    </div>
  );
}
