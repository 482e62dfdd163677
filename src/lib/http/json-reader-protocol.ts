/** What the page asks the JSON reader worker: a GET with its headers, or to stop one. */
export type ReaderRequest =
  { type: 'get'; id: number; url: string; headers: Record<string, string> } | { type: 'abort'; id: number };

/**
 * What the worker answers, in order: the status and headers; then the body as text (an error, an empty or a non-JSON
 * answer), as one parsed value, or as parts of an array and its end; or that the exchange failed on the network.
 */
export type ReaderReply =
  | { id: number; type: 'head'; status: number; statusText: string; headers: Array<[string, string]> }
  | { id: number; type: 'text'; text: string }
  | { id: number; type: 'not-json'; text: string }
  | { id: number; type: 'json'; value: unknown }
  | { id: number; type: 'part'; items: unknown[] }
  | { id: number; type: 'end' }
  | { id: number; type: 'failed'; message: string };
