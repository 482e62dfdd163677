import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { useMediaFileCheck, withSniffedType } from '@/lib/media/use-media-file-check';
import { useUploadMedia } from '../api/upload-media';
import { uploadFailure } from '../lib/upload-failure';
import { ACCEPT, MAX_UPLOAD_MB, validateUpload } from '../lib/validate-upload';
import { messages } from '../messages';

/** Upload Media: POST /media/upload (multipart `media` + `metadata` JSON) with a progress bar. */
export function UploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const upload = useUploadMedia();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The content check of the chosen file (magic bytes, then a decode in the browser), started when it is picked.
  const { checkOf, watch, forget } = useMediaFileCheck();
  const [refused, setRefused] = useState(false);

  const reset = () => {
    setFile(null);
    setTitle('');
    setError(null);
    setRefused(false);
    setProgress(null);
    forget();
    if (inputRef.current) inputRef.current.value = '';
  };

  const pick = (picked: File | null) => {
    setFile(picked);
    setProgress(null);
    const problem = picked ? validateUpload(picked) : null;
    setError(problem);
    setRefused(problem !== null);
    if (picked && !title) setTitle(picked.name.replace(/\.[^.]+$/, ''));
    if (!picked || problem) return;
    watch(picked, (reason) => {
      setError(reason);
      setRefused(true);
    });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateUpload(file);
    if (problem || !file) return setError(problem);
    setError(null);
    setProgress(0);
    const checked = await checkOf(file);
    if (!checked.ok) {
      setProgress(null);
      setError(checked.reason);
      setRefused(true);
      return;
    }
    const { media, duration } = checked;
    const typed = withSniffedType(file, media);
    upload.mutate(
      {
        file: typed,
        metadata: {
          title: title.trim() || file.name,
          type: media.kind,
          size: file.size,
          duration,
          uploadedAt: new Date().toISOString(),
        },
        onProgress: setProgress,
      },
      {
        onSuccess: (item) => {
          setProgress(100);
          toast.success(messages.uploaded, { description: messages.uploadedText(item.title) });
          reset();
          onOpenChange(false);
        },
        onError: (err) => {
          setProgress(null);
          setError(uploadFailure(err));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!upload.isPending) {
          if (!next) reset();
          onOpenChange(next);
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload Media</DialogTitle>
          <DialogDescription>Video-, Audio- oder Bilddatei, höchstens {MAX_UPLOAD_MB} MB.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-unsaved={file || title.trim() ? 'true' : undefined}
        >
          <div className="grid gap-1">
            <Label htmlFor="upload-file">Datei</Label>
            <Input
              id="upload-file"
              ref={inputRef}
              type="file"
              accept={ACCEPT}
              onChange={(e) => pick(e.target.files?.[0] ?? null)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'upload-error' : undefined}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="upload-title">Titel</Label>
            <Input id="upload-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          {progress !== null && (
            <div className="grid gap-1">
              <div className="flex justify-between text-sm">
                <span>Hochladen …</span>
                <span className="tabular-nums">{progress} %</span>
              </div>
              <Progress value={progress} aria-label="Upload-Fortschritt" />
            </div>
          )}
          {error && (
            <p id="upload-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button
              variant="outline"
              disabled={upload.isPending}
              onClick={() => {
                reset();
                onOpenChange(false);
              }}
            >
              Abbrechen
            </Button>
            <Button type="submit" disabled={upload.isPending || (file !== null && refused)}>
              <Upload aria-hidden />
              Upload
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
