import { useEffect, useState } from 'react';
import { allBreakerStates, breakerState, onBreakerChange, type BreakerState } from '@/lib/resilience/breakers';

function readBreakers(services: readonly string[]): BreakerState[] {
  const now = Date.now();
  const used = allBreakerStates(now);
  const listed = services.map((s) => used.find((b) => b.service === s) ?? breakerState(s, now));
  return [...listed, ...used.filter((b) => !services.includes(b.service))];
}

/**
 * The breaker of every listed service plus any other breaker in use, live: on every change and once a
 * second, because an open breaker turns half-open when its cool-down ends without an event.
 */
export function useBreakerStates(services: readonly string[]): BreakerState[] {
  const [states, setStates] = useState(() => readBreakers(services));
  useEffect(() => {
    const update = () => setStates(readBreakers(services));
    const off = onBreakerChange(update);
    const timer = setInterval(update, 1000);
    update();
    return () => {
      off();
      clearInterval(timer);
    };
  }, [services]);
  return states;
}
