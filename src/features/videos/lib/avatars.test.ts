import type { Avatar } from '@/contract';
import { avatarsFor } from './avatars';

const avatars: Avatar[] = [
  { id: 'a', name: 'A', preview: '', voice: 'german-female-1', platform: 'tavus' },
  { id: 'b', name: 'B', preview: '', voice: 'german-male-1', platform: 'heygen' },
  { id: 'c', name: 'C', preview: '', voice: 'english-female-1', platform: 'did' },
];

test('tavus shows all avatars', () => {
  expect(avatarsFor(avatars, 'tavus').map((a) => a.id)).toEqual(['a', 'b', 'c']);
});
test('another platform shows its own avatars only', () => {
  expect(avatarsFor(avatars, 'heygen').map((a) => a.id)).toEqual(['b']);
  expect(avatarsFor(avatars, 'vidau')).toEqual([]);
});
