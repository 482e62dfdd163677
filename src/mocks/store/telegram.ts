import { registerStore } from './index';

export interface SentTelegramMessage {
  id: string;
  message: string;
  sentAt: string;
}

let sent: SentTelegramMessage[] = [];
let nextId = 1;

registerStore(() => {
  sent = [];
  nextId = 1;
});

/** Records a sent notification. */
export function sendMessage(message: string): SentTelegramMessage {
  const entry = { id: `tg-${nextId++}`, message, sentAt: new Date().toISOString() };
  sent.push(entry);
  return { ...entry };
}

/** Every message sent in this session, oldest first. */
export function sentMessages(): SentTelegramMessage[] {
  return sent.map((m) => ({ ...m }));
}
