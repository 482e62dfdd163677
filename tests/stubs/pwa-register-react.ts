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
  /** How many components that called useRegisterSW have mounted (the plugin registers once per such component). */
  registrations: 0,
  /**
   * Whether useRegisterSW's onRegisteredSW reaches the mounted component. Not when the render that first called it was
   * thrown away (a transition React restarted): the plugin registers in useState's initializer, so that render's
   * callbacks are the ones it calls, and no mounted component reads their state.
   */
  reportsRegistration: true,
  /** The plugin's onNeedReload: what it calls when a new version takes control of the page (prompt mode). */
  onNeedReload: undefined as (() => void) | undefined,
  reset() {
    this.onNeedReload = undefined;
    this.needRefresh = false;
    this.reportsRegistration = true;
    this.updates = [];
    this.updateChecks = 0;
    this.updateFails = false;
    this.registrations = 0;
    registration = new FakeRegistration();
  },
  /** The registration the next registered worker reports. */
  get registration(): FakeRegistration {
    return registration;
  },
};

/** A service worker version as a page sees it: its state, and 'statechange' when the state moves on. */
export class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  /** The messages the page posted to this version (workbox's SKIP_WAITING among them). */
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** The registration the app is given: its installing and waiting versions and 'updatefound', as the browser keeps them. */
export class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  async update() {
    pwaStub.updateChecks += 1;
    if (pwaStub.updateFails) throw new TypeError('Failed to update a ServiceWorker: network error');
  }
  /** The browser found a new version: it installs, then waits (the order of the spec's Install algorithm). */
  found(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
  }
}

let registration = new FakeRegistration();

export function useRegisterSW(
  options: {
    onNeedReload?: () => void;
    onRegisteredSW?: (swUrl: string, registration: ServiceWorkerRegistration | undefined) => void;
  } = {},
) {
  pwaStub.onNeedReload ??= options.onNeedReload;
  // Like the plugin: the callback given at the first render is called once, when the worker is registered.
  const onRegistered = useRef(options.onRegisteredSW);
  useEffect(() => {
    pwaStub.registrations += 1;
    if (pwaStub.reportsRegistration)
      onRegistered.current?.('/sw.js', registration as unknown as ServiceWorkerRegistration);
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
