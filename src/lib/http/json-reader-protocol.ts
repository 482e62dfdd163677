/** What the page asks the JSON reader worker: to read, decode and parse a received body (a Blob: shared, not copied). */
export interface ReaderRequest {
  id: number;
  body: Blob;
}

/**
 * What the worker answers: one parsed value, or the parts of an array and its end; or the text that is not JSON; or
 * that it could not read the body (the page then reads it itself).
 */
export type ReaderReply =
  | { id: number; type: 'json'; value: unknown }
  | { id: number; type: 'part'; items: unknown[] }
  | { id: number; type: 'end' }
  | { id: number; type: 'not-json'; text: string }
  | { id: number; type: 'unreadable' };
