import { useApiMutation } from '@/lib/api/query';
import type { WorkflowFile } from '../lib/workflow-file';

/** The multipart body of POST /workflow/upload: the file read and previewed in the browser, as JSON. */
export function workflowForm(file: Pick<WorkflowFile, 'name' | 'text'>): FormData {
  const form = new FormData();
  form.append('workflow', new Blob([file.text], { type: 'application/json' }), file.name);
  return form;
}

/** POST /workflow/upload (multipart `workflow`, SPEC §7). */
export const useUploadWorkflow = () =>
  useApiMutation('workflow.upload', (file: WorkflowFile) => ({ body: workflowForm(file) }));
