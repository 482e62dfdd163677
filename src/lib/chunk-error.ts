// The errors browsers raise when a lazily imported chunk cannot be fetched (offline, a dropped connection, a deploy that
// removed it), told apart from errors of the code itself.

/** True for the errors browsers raise when a lazily imported chunk can no longer be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    text,
  );
}
