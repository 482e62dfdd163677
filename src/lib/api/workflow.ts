import { callApi } from './client';

/** POST /workflow/upload (multipart `workflow`). */
export const uploadWorkflow = (file: Blob, filename: string) => {
  const form = new FormData();
  form.append('workflow', file, filename);
  return callApi('workflow.upload', { body: form });
};
