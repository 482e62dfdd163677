import { socialStore } from '@/mocks/store/social';
import { onDemoChange } from './demo-events';

// The demo backend accepts a post (pending), publishes it a moment later and announces that as a change the screens hear.
test('the demo platform publishes an accepted post 1.5 s later and announces it as a change', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const heard: unknown[] = [];
    const stop = onDemoChange((change) => heard.push(change));
    socialStore.setConnected('telegram', true);
    const accepted = socialStore.receive('telegram', 'demo-schluessel', { content: 'Gleich veröffentlicht' });
    expect(accepted).toMatchObject({ platform: 'telegram', status: 'pending' });
    await vi.advanceTimersByTimeAsync(1499);
    expect(heard).toEqual([]);
    expect(socialStore.repeat('demo-schluessel', 'telegram', { content: 'Gleich veröffentlicht' })).toEqual({
      id: accepted.id,
      platform: 'telegram',
      status: 'pending',
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual([{ topic: 'social', action: 'updated', id: accepted.id }]);
    expect(socialStore.repeat('demo-schluessel', 'telegram', { content: 'Gleich veröffentlicht' })).toEqual({
      id: accepted.id,
      platform: 'telegram',
      status: 'published',
    });
    expect(socialStore.repeat('demo-schluessel', 'telegram', { content: 'Ein anderer Text' })).toBe('reused');
    stop();
  } finally {
    vi.useRealTimers();
  }
});
