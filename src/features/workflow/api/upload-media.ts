import { useMutation } from '@tanstack/react-query';
import type { WorkflowConfig } from '@/db/settings';
import { uploadMedia } from '@/lib/webhooks/n8n';

/** SPEC §7: a file to the operator's media webhook, with its progress (not a contract call). */
export const useUploadMedia = (config: WorkflowConfig) =>
  useMutation({
    mutationFn: (input: { file: File; onProgress: (p: number) => void }) =>
      uploadMedia(config, input.file, {
        onProgress: input.onProgress,
        metadata: {
          filename: input.file.name,
          size: input.file.size,
          type: input.file.type,
          uploadedAt: new Date().toISOString(),
          workflowId: config.workflowId,
        },
      }),
  });
