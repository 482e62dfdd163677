import { CopyIcon, Loader2Icon, RefreshCwIcon, SendIcon, WandSparklesIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { deniedProps, useCan } from '@/lib/use-can';
import { useSendPrompt } from '../api/send-prompt';
import { copyText } from '../lib/clipboard';
import { buildContentPrompt } from '../lib/render';
import { messages } from '../messages';
import { AUDIENCES, LANGUAGES } from '../lib/options';
import { CONTENT_TEMPLATES, type ContentTemplateId } from '../lib/templates';
import { ChoiceCard } from '@/components/ui/choice-card';
import { NativeSelect } from '@/components/ui/native-select';
import type { ContentState } from './prompts-page';

const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l, label: l }));
const AUDIENCE_OPTIONS = AUDIENCES.map((a) => ({ value: a, label: a }));

/** Content: template, topic, location, language, audience → an editable prompt with Copy, Send to GPT, Regenerate. */
export function ContentTab({
  state,
  onChange,
}: {
  state: ContentState;
  onChange: (patch: Partial<ContentState>) => void;
}) {
  const ids = {
    topic: useId(),
    location: useId(),
    language: useId(),
    audience: useId(),
    output: useId(),
    hint: useId(),
  };
  const send = useSendPrompt('content');
  const maySend = useCan('ai.prompt');
  const [response, setResponse] = useState('');
  const topicBlank = !state.topic.trim();
  const template = CONTENT_TEMPLATES.find((t) => t.id === state.templateId) ?? CONTENT_TEMPLATES[0];

  const generate = (event?: React.FormEvent) => {
    event?.preventDefault();
    if (topicBlank) {
      toast.error(messages.topicRequired);
      return;
    }
    onChange({ output: buildContentPrompt(template.template, state) });
  };

  const sendToGpt = () =>
    send.mutate(
      {
        prompt: state.output,
        template: state.templateId,
        topic: state.topic.trim(),
        location: state.location.trim(),
        language: state.language,
        audience: state.audience,
      },
      {
        onSuccess: ({ text }) => {
          setResponse(text);
          toast.success(messages.sentToGpt);
        },
      },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Template</CardTitle>
          <CardDescription>Choose a template and describe the story.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={generate} className="space-y-4" noValidate>
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="sr-only">Template</legend>
              {CONTENT_TEMPLATES.map((t) => (
                <ChoiceCard
                  key={t.id}
                  name="content-template"
                  value={t.id}
                  checked={state.templateId === t.id}
                  onSelect={(v) => onChange({ templateId: v as ContentTemplateId })}
                >
                  <span>
                    <span className="block font-medium">{t.name}</span>
                    <span className="block text-xs text-muted-foreground">{t.description}</span>
                  </span>
                </ChoiceCard>
              ))}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor={ids.topic}>Topic</Label>
                <Input
                  id={ids.topic}
                  value={state.topic}
                  onChange={(e) => onChange({ topic: e.target.value })}
                  placeholder="z. B. Klimagipfel"
                  aria-describedby={ids.hint}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.location}>Location (optional)</Label>
                <Input
                  id={ids.location}
                  value={state.location}
                  onChange={(e) => onChange({ location: e.target.value })}
                  placeholder="z. B. Berlin"
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.language}>Language</Label>
                <NativeSelect
                  id={ids.language}
                  value={state.language}
                  onValueChange={(language) => onChange({ language })}
                  options={LANGUAGE_OPTIONS}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.audience}>Audience</Label>
                <NativeSelect
                  id={ids.audience}
                  value={state.audience}
                  onValueChange={(audience) => onChange({ audience })}
                  options={AUDIENCE_OPTIONS}
                />
              </div>
            </div>
            <p id={ids.hint} className="text-xs text-muted-foreground">
              {topicBlank ? messages.topicRequired : template.description}
            </p>
            <Button type="submit" disabled={topicBlank}>
              <WandSparklesIcon aria-hidden />
              Generate
            </Button>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Output</CardTitle>
          <CardDescription>Edit the prompt before you copy or send it.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={ids.output}>Generated prompt</Label>
            <Textarea
              id={ids.output}
              rows={10}
              value={state.output}
              onChange={(e) => onChange({ output: e.target.value })}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void copyText(state.output)} disabled={!state.output.trim()}>
              <CopyIcon aria-hidden />
              Copy
            </Button>
            <Button onClick={sendToGpt} disabled={!state.output.trim() || send.isPending} {...deniedProps(maySend)}>
              {send.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
              Send to GPT
            </Button>
            <Button variant="outline" onClick={() => generate()} disabled={topicBlank}>
              <RefreshCwIcon aria-hidden />
              Regenerate
            </Button>
          </div>
          {response && (
            <section aria-label="GPT response" className="space-y-2 rounded-md border bg-muted/40 p-3">
              <h3 className="text-sm font-medium">GPT response</h3>
              <p className="text-sm whitespace-pre-wrap">{response}</p>
            </section>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
