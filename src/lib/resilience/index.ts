export { execute, recordFailure, circuitOpenError, type ExecuteOptions } from './execute';
export { isRetryable, retryDelay, getRetrySettings, setRetrySettings, onRetrySettingsChange, DEFAULT_RETRY_SETTINGS, RETRY_LIMITS } from './retry';
export {
  getBreaker, breakerState, allBreakerStates, onBreakerChange, resetBreakers,
  DEFAULT_BREAKER, VIDEO_BREAKER, type BreakerOptions, type BreakerState, type BreakerStateName,
} from './breakers';
