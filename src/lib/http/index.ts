export { ApiError, bodyMessage, httpError, errorMessage, type ApiErrorCode } from './api-error';
export {
  transport,
  buildUrl,
  uploadWithProgress,
  type TransportOptions,
  type UploadOptions,
  type HttpMethod,
} from './transport';
