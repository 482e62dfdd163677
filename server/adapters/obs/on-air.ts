// Putting a published story on air in OBS: the steps share a time limit and say in German why OBS did not take one.
import { ObsNotConnected, ObsRequestFailed } from './obs-instance';

/** How long OBS may take for one step of putting a story on air (a publish goes on without it). */
export const ON_AIR_TIMEOUT_MS = 5_000;

/** obs-websocket's RequestStatus for an input that does not exist. */
const RESOURCE_NOT_FOUND = 600;

/** OBS did not answer a step in time. */
export class ObsTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`OBS hat nicht innerhalb von ${timeoutMs / 1000} s geantwortet.`);
    this.name = 'ObsTimeout';
  }
}

/** One OBS request of going on air, rejected in German (ObsTimeout) when OBS has not answered within ON_AIR_TIMEOUT_MS. */
export function onAirStep<T>(work: Promise<T>, timeoutMs = ON_AIR_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ObsTimeout(timeoutMs)), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Why OBS did not take a step on `source`, in German. */
export function onAirFailure(error: unknown, source: string): string {
  if (error instanceof ObsNotConnected) return 'Nicht mit OBS verbunden.';
  if (error instanceof ObsRequestFailed) {
    return error.code === RESOURCE_NOT_FOUND
      ? `Die Quelle „${source}“ gibt es in OBS nicht.`
      : `OBS hat die Anfrage abgelehnt: ${error.message} (Code ${error.code}).`;
  }
  return error instanceof Error ? error.message : String(error);
}
