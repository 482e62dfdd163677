/** An operation's area: the first segment of its id ('posts.create' → 'posts'), the root of its query keys. */
export const areaOf = (id: string): string => id.slice(0, Math.max(0, id.indexOf('.'))) || id;
