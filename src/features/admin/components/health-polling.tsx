import { useHealthChecks } from '../api/check-health';

/** Polls every service's health while the screen is open, whichever tab is shown (the API Keys badges read the cache). */
export function HealthPolling() {
  useHealthChecks();
  return null;
}
