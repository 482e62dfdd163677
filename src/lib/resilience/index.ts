export { execute, recordFailure, circuitOpenError, retryCountOf, type ExecuteOptions } from './execute';
export {
  isRetryable,
  retryDelay,
  getRetrySettings,
  setRetrySettings,
  onRetrySettingsChange,
  DEFAULT_RETRY_SETTINGS,
  RETRY_LIMITS,
} from './retry';
export {
  getBreaker,
  breakerState,
  allBreakerStates,
  onBreakerChange,
  resetBreakers,
  countsAsServiceFailure,
  isAbort,
  breakerOptionsOf,
  DEFAULT_BREAKER,
  VIDEO_BREAKER,
  VIDEO_GENERATION_SERVICE,
  type BreakerOptions,
  type BreakerState,
  type BreakerStateName,
} from './breakers';
