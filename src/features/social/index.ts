export { SocialPage } from './components/social-page';
export { OutboxBadge } from './components/outbox-badge';
