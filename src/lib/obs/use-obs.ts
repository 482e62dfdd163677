import { useSyncExternalStore } from 'react';
import { getObsState, subscribeObs } from './store';
import type { ObsState } from './types';

/** The app's one OBS connection state; both the Live screen and Admin → OBS WebSocket read it. */
export function useObs(): ObsState {
  return useSyncExternalStore(subscribeObs, getObsState, getObsState);
}
