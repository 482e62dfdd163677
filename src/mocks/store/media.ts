import type { MediaFile } from '@/contract';
import { makeMedia } from '../fixtures/media';
import { registerStore } from './index';

let items: MediaFile[] = [];

/** Media library: uploads add items, delete removes them. */
export const mediaStore = {
  list: (): MediaFile[] => items,
  add(item: MediaFile): MediaFile {
    items = [item, ...items];
    return item;
  },
  /** Re-seeds with `count` items (benchmark). */
  seed(count: number): void {
    items = makeMedia(count);
  },
  remove(id: string): boolean {
    const before = items.length;
    items = items.filter((m) => m.id !== id);
    return items.length < before;
  },
};

registerStore((scenario) => {
  items = scenario === 'empty' ? [] : makeMedia();
});
