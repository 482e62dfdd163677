import { useCallback, useRef } from 'react';
import { checkMediaFile, type MediaFileCheck } from './check-file';
import type { SniffedMedia } from '@/contract/sniff';

/**
 * The content check of an upload form's file (Media Library and the Workflow screen's n8n upload): started once
 * when the file is picked, so a refusal shows at once, and awaited again by the upload without checking twice.
 */
export function useMediaFileCheck() {
  const current = useRef<{ file: File; result: Promise<MediaFileCheck> } | null>(null);
  const checkOf = useCallback((file: File): Promise<MediaFileCheck> => {
    if (current.current?.file !== file) current.current = { file, result: checkMediaFile(file) };
    return current.current.result;
  }, []);
  /** Checks a picked file and calls onRefused with the German reason, unless another file was picked meanwhile. */
  const watch = useCallback(
    (file: File, onRefused: (reason: string) => void) => {
      void checkOf(file).then((result) => {
        if (current.current?.file === file && !result.ok) onRefused(result.reason);
      });
    },
    [checkOf],
  );
  const forget = useCallback(() => {
    current.current = null;
  }, []);
  return { checkOf, watch, forget };
}

/** The file typed as what its bytes are, not as the type the browser guessed from its name. */
export function withSniffedType(file: File, media: SniffedMedia): File {
  return file.type === media.mime
    ? file
    : new File([file], file.name, { type: media.mime, lastModified: file.lastModified });
}
