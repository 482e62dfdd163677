// Moved to lib/ so that screens can defer their own loads too.
export { useAfterIdle, whenIdle } from '@/lib/idle';
