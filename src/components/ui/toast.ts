import type * as React from 'react';
import { toast as sonner, type ExternalToast } from 'sonner';
import { redact } from '@/lib/security/redact';

// Every toast of the app goes through here (lint forbids sonner's `toast` elsewhere): a key a server echoes back in
// an error message is redacted on screen as it is in the error log.

type Message = (() => React.ReactNode) | React.ReactNode;
type Show = (message: Message, data?: ExternalToast) => string | number;

function clean(message: Message): Message {
  return typeof message === 'string' ? redact(message) : message;
}

function cleanData(data: ExternalToast | undefined): ExternalToast | undefined {
  return data && typeof data.description === 'string' ? { ...data, description: redact(data.description) } : data;
}

const wrap = (show: Show): Show => (message, data) => show(clean(message), cleanData(data));

/** sonner's toast with the title and a text description redacted (lib/security). */
export const toast = Object.assign(wrap(sonner), {
  success: wrap(sonner.success),
  info: wrap(sonner.info),
  warning: wrap(sonner.warning),
  error: wrap(sonner.error),
  message: wrap(sonner.message),
  loading: wrap(sonner.loading),
  dismiss: sonner.dismiss,
});
