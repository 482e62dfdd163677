/**
 * True when the page holds input the user has not saved: a form (or any element) marked
 * data-unsaved="true" by its screen, or a focused text field the user is typing in.
 */
export function hasUnsavedInput(doc: Document = document): boolean {
  if (doc.querySelector('[data-unsaved="true"]')) return true;
  const active = doc.activeElement;
  if (active instanceof HTMLTextAreaElement) return active.value.trim() !== '';
  if (active instanceof HTMLInputElement) {
    const textual = ['text', 'search', 'url', 'email', 'password', 'tel', 'number'].includes(active.type);
    return textual && active.value.trim() !== '';
  }
  return active instanceof HTMLElement && active.isContentEditable === true;
}

export type UpdateDecision = 'apply' | 'ask';

/** Admin → System 'automatic updates': apply a waiting update only when on and nothing is unsaved. */
export function decideUpdate({ autoUpdates, unsaved }: { autoUpdates: boolean; unsaved: boolean }): UpdateDecision {
  return autoUpdates && !unsaved ? 'apply' : 'ask';
}
