// The live desk's shell in a unit test: live mode, an event stream that stays quiet, and everything undone afterwards.
import { cleanup } from '@testing-library/react';
import { getConfig, setConfig } from '@/lib/config';
import { setOperatorToken, signedOut } from '@/lib/operator-token';

/** An EventSource that never opens: the change stream is not what these tests look at. */
class QuietSource {
  addEventListener() {}
  close() {}
  onerror: (() => void) | null = null;
}

const initialConfig = getConfig();

/** Live mode, with the quiet change stream. */
export function goLive(): void {
  setConfig({ ...initialConfig, apiMode: 'live' });
  vi.stubGlobal('EventSource', QuietSource);
}

/** Registers the clean-up after each test of the file: no desk, no timers, credentials or config of it are left. */
export function cleanUpLiveDesk(): void {
  afterEach(() => {
    // Unmounted first: the token that ends the test would open the change stream of a desk still mounted.
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setConfig(initialConfig);
    setOperatorToken('ende-des-tests-0123456789');
    signedOut();
    sessionStorage.clear();
  });
}
