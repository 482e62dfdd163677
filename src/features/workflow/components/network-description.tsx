import { corsHint } from '../messages';

/** The network-failure description: the spec's text, and where CORS is set in n8n. */
export function NetworkDescription({ text }: { text: string }) {
  return (
    <span className="flex flex-col gap-1">
      <span>{text}</span>
      <span className="text-xs opacity-80">{corsHint(window.location.origin)}</span>
    </span>
  );
}
