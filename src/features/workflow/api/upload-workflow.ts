import { useApiMutation } from '@/lib/api/query';

/** POST /workflow/n8n/upload: registers an imported workflow file with the backend (after the local checks). */
export const useUploadWorkflow = () =>
  useApiMutation('workflow.n8nUpload', (file: File) => {
    const form = new FormData();
    form.append('workflow', file, file.name);
    form.append(
      'metadata',
      JSON.stringify({ uploadedAt: new Date().toISOString(), filename: file.name, size: file.size }),
    );
    return { body: form };
  });
