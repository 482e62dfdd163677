// The feature's second entry, for the app shell: the outbox badge alone. Importing index.ts for it would load the whole
// Social screen (composer, media picker, outbox panel: ~30 chunks) on every dashboard screen once idle.
export { OutboxBadge } from './components/outbox-badge';
