import { ImageIcon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { deniedProps, useCan } from '@/lib/use-can';
import { useSendPrompt } from '../api/send-prompt';
import { fillTemplate } from '../lib/render';
import { messages } from '../messages';
import { IMAGE_PROMPTS, type ImagePresetId } from '../lib/templates';
import { PresetCard } from './preset-card';

/** Image presets (filled with the current topic): Copy, or Use DALL-E to send the prompt via POST /ai/prompt type 'image'. */
export function ImageTab({ topic }: { topic: string }) {
  const send = useSendPrompt('image');
  const maySend = useCan('ai.prompt');
  const [result, setResult] = useState<{ preset: ImagePresetId; text: string } | null>(null);
  const sending = send.isPending ? send.variables?.preset : undefined;

  const sendToDalle = (preset: ImagePresetId, prompt: string) =>
    send.mutate(
      { preset, prompt, topic: topic.trim() },
      {
        onSuccess: ({ text }) => {
          setResult({ preset, text });
          toast.success(messages.imageSent);
        },
      },
    );

  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        {IMAGE_PROMPTS.map((p) => {
          const prompt = fillTemplate(p.prompt, { topic, location: '' });
          return (
            <PresetCard
              key={p.id}
              name={p.name}
              prompt={prompt}
              action={
                <Button
                  onClick={() => sendToDalle(p.id, prompt)}
                  disabled={send.isPending}
                  {...deniedProps(maySend)}
                  aria-label={`Use DALL-E: ${p.name}`}
                >
                  {sending === p.id ? <Loader2Icon className="animate-spin" aria-hidden /> : <ImageIcon aria-hidden />}
                  Use DALL-E
                </Button>
              }
            />
          );
        })}
      </div>
      {result && (
        <section aria-label="DALL-E response" className="space-y-2 rounded-md border bg-muted/40 p-3">
          <h3 className="text-sm font-medium">
            DALL-E response ({IMAGE_PROMPTS.find((p) => p.id === result.preset)?.name})
          </h3>
          <p className="text-sm whitespace-pre-wrap">{result.text}</p>
        </section>
      )}
    </div>
  );
}
