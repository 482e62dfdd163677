export { ApiError, bodyMessage, errorMessage } from './api-error';
