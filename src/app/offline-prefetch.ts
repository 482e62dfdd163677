// What an operator who goes offline needs next, fetched once the page is idle while the connection is there: the
// outbox panel (a queued post's way out), the post form and the database code. Cached by the browser and the worker,
// they then open offline. A module of its own, so the shell carries one small import instead of their file lists.
export function prefetchOfflinePaths(): Promise<unknown> {
  return Promise.allSettled([
    import('@/features/social/components/outbox-panel'),
    import('@/features/posts/components/post-form-dialog'),
    import('@/db/lazy').then((m) => m.loadDatabase()),
  ]);
}
