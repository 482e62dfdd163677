import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Post } from '@/contract';
import { PostPreviewDialog } from './post-preview-dialog';

const POST: Post = {
  id: 'post-7',
  title: 'Wetter am Wochenende',
  status: 'published',
  platform: 'telegram',
  views: 120,
  engagement: 4.2,
  publishDate: '2025-03-12T08:40:09.000Z',
  category: 'Umwelt',
};

test('the preview names who published the post when the desk knows it', () => {
  const { rerender } = render(
    <PostPreviewDialog post={{ ...POST, publishedBy: 'Mara Schulz' }} onOpenChange={() => undefined} />,
  );
  expect(screen.getByText('Veröffentlicht von Mara Schulz')).toBeInTheDocument();
  rerender(<PostPreviewDialog post={POST} onOpenChange={() => undefined} />);
  expect(screen.queryByText(/Veröffentlicht von/)).toBeNull();
});
