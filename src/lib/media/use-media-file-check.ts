import { useCallback, useRef } from 'react';
import { checkMediaFile, type MediaFileCheck } from './check-file';
import type { SniffedMedia } from '@/contract/sniff';

/** Checks a picked file once, so a refusal shows at once and the upload awaits the same result. */
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
