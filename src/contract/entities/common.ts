// Helpers shared by the entity files; constructing nothing at load.
import * as z from 'zod/mini';

/** A text that is not blank once trimmed. */
export const nonBlank = () => z.string().check(z.trim(), z.minLength(1));
