// Stand-in for vite-plugin-pwa's virtual:pwa-register/react in unit tests (the plugin only runs in Vite builds).
import { useEffect, useRef, useState } from 'react';

/** What the next useRegisterSW() reports, and the updates it was asked to apply. */
export const pwaStub = {
  needRefresh: false,
  updates: [] as boolean[],
  /** How often the app asked the registration to look for a new version (registration.update()). */
  updateChecks: 0,
  /** Whether the next registration.update() fails (offline). */
  updateFails: false,
  reset() {
    this.needRefresh = false;
    this.updates = [];
    this.updateChecks = 0;
    this.updateFails = false;
  },
};

const registration = {
  update: async () => {
    pwaStub.updateChecks += 1;
    if (pwaStub.updateFails) throw new TypeError('Failed to update a ServiceWorker: network error');
  },
} as unknown as ServiceWorkerRegistration;

export function useRegisterSW(options: { onRegisteredSW?: (swUrl: string, registration: ServiceWorkerRegistration | undefined) => void } = {}) {
  // Like the plugin: the callback given at the first render is called once, when the worker is registered.
  const onRegistered = useRef(options.onRegisteredSW);
  useEffect(() => {
    onRegistered.current?.('/sw.js', registration);
  }, []);
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
