import { deletePrompt, listPrompts, savePrompt } from './prompts';

describe('custom prompts', () => {
  test('save lists newest first, delete removes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1000);
    const a = await savePrompt({ name: 'A', category: 'content', template: 'Thema {topic}' });
    vi.setSystemTime(2000);
    const b = await savePrompt({ name: 'B', category: 'voice', template: 'Sprich {topic}' });
    vi.useRealTimers();
    expect((await listPrompts()).map((p) => p.name)).toEqual(['B', 'A']);
    await deletePrompt(a.id);
    expect((await listPrompts()).map((p) => p.id)).toEqual([b.id]);
  });
});
