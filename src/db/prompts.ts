import { db, type CustomPrompt } from './db';

/** Custom prompts, newest first. */
export function listPrompts(): Promise<CustomPrompt[]> {
  return db.prompts.orderBy('createdAt').reverse().toArray();
}

/** Saves a custom prompt and returns it. */
export async function savePrompt(input: Omit<CustomPrompt, 'id' | 'createdAt'>): Promise<CustomPrompt> {
  const prompt: CustomPrompt = { ...input, id: crypto.randomUUID(), createdAt: Date.now() };
  await db.prompts.add(prompt);
  return prompt;
}

/** Deletes a custom prompt. */
export function deletePrompt(id: string): Promise<void> {
  return db.prompts.delete(id);
}
