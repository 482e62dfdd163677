import { MSG } from '../messages';

/** The text under 'Workflow Fehler': the failure's own message, else that it is unknown. */
export const workflowErrorReason = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MSG.unknownError;
