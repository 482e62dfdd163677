/** What the page asks the JSON reader worker: to decode and parse a received body (its buffer is transferred). */
export interface ReaderRequest {
  id: number;
  buffer: ArrayBuffer;
}

/** What the worker answers: one parsed value, or the parts of an array and its end; or the text that is not JSON. */
export type ReaderReply =
  | { id: number; type: 'json'; value: unknown }
  | { id: number; type: 'part'; items: unknown[] }
  | { id: number; type: 'end' }
  | { id: number; type: 'not-json'; text: string };
