import { WORKFLOW_PREVIEW_LENGTH } from './options';

export interface WorkflowFile {
  name: string;
  text: string;
  /** The first 200 characters (SPEC §9). */
  preview: string;
}

/** True for a .json file by name or type (the input accepts .json only, SPEC §5). */
export function isJsonFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';
}

/**
 * Reads a workflow file: it must be a .json file whose text parses as JSON; anything else rejects
 * (the screen then shows 'Workflow konnte nicht gelesen werden.' and keeps the previous file).
 */
export async function readWorkflowFile(file: File): Promise<WorkflowFile> {
  if (!isJsonFile(file)) throw new Error('not a .json file');
  const text = await file.text();
  JSON.parse(text);
  return { name: file.name, text, preview: text.slice(0, WORKFLOW_PREVIEW_LENGTH) };
}
