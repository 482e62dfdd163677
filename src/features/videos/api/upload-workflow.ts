import { useMutation } from '@tanstack/react-query';
import { uploadWorkflow } from '@/lib/api/workflow';
import type { WorkflowFile } from '../lib/workflow-file';

/** POST /workflow/upload (multipart `workflow`, SPEC §7): the file read and previewed in the browser, as JSON. */
export function useUploadWorkflow() {
  return useMutation({
    mutationFn: (file: WorkflowFile) => uploadWorkflow(new Blob([file.text], { type: 'application/json' }), file.name),
  });
}
