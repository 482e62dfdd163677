import type * as React from 'react';
import type { ExternalToast } from 'sonner';
import { redact } from '@/lib/security/redact';

// Every toast of the app goes through here (lint forbids sonner's `toast` elsewhere): a key a server echoes back in
// an error message is redacted on screen as it is in the error log.

type Message = (() => React.ReactNode) | React.ReactNode;
type Id = string | number;
type Sonner = typeof import('sonner').toast;
type Kind = 'success' | 'info' | 'warning' | 'error' | 'message' | 'loading';

// sonner loads with the first toast, not before any screen's heading; the Toaster loads it once idle anyway.
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const load = () => (loading ??= import('sonner').then((m) => (sonner = m.toast)));
let counter = 0;

function clean(message: Message): Message {
  return typeof message === 'string' ? redact(message) : message;
}

function cleanData(data: ExternalToast | undefined): ExternalToast | undefined {
  return data && typeof data.description === 'string' ? { ...data, description: redact(data.description) } : data;
}

function call(run: (s: Sonner) => void) {
  if (sonner) run(sonner);
  else void load().then(run);
}

// The id is chosen here so it can be returned before sonner has loaded.
const wrap =
  (kind?: Kind) =>
  (message: Message, data?: ExternalToast): Id => {
    const id = data?.id ?? `toast-${++counter}`;
    const shown = clean(message);
    const options = { ...cleanData(data), id };
    call((s) => (kind ? s[kind] : s)(shown, options));
    return id;
  };

/** sonner's toast with the title and a text description redacted (lib/security); sonner itself loads on first use. */
export const toast = Object.assign(wrap(), {
  success: wrap('success'),
  info: wrap('info'),
  warning: wrap('warning'),
  error: wrap('error'),
  message: wrap('message'),
  loading: wrap('loading'),
  dismiss: (id?: Id) => call((s) => s.dismiss(id)),
});
