import { ArrowRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { VOICE_PROMPTS } from '../lib/templates';
import { PresetCard } from './preset-card';

/** Voice presets: Copy, or Use to put the prompt into the content output. */
export function VoiceTab({ onUse }: { onUse: (text: string) => void }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {VOICE_PROMPTS.map((p) => (
        <PresetCard
          key={p.id}
          name={p.name}
          prompt={p.prompt}
          action={
            <Button onClick={() => onUse(p.prompt)}>
              <ArrowRightIcon aria-hidden />
              Use
            </Button>
          }
        />
      ))}
    </div>
  );
}
