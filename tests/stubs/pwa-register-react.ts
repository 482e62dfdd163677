// Stand-in for vite-plugin-pwa's virtual:pwa-register/react in unit tests (the plugin only runs in Vite builds).
import { useState } from 'react';

/** What the next useRegisterSW() reports, and the updates it was asked to apply. */
export const pwaStub = {
  needRefresh: false,
  updates: [] as boolean[],
  reset() {
    this.needRefresh = false;
    this.updates = [];
  },
};

export function useRegisterSW() {
  const needRefresh = useState(pwaStub.needRefresh);
  const offlineReady = useState(false);
  return {
    needRefresh,
    offlineReady,
    updateServiceWorker: async (reload?: boolean) => {
      pwaStub.updates.push(reload ?? false);
    },
  };
}
