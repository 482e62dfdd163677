import { clearSecrets, registerSecret } from '@/lib/security/redact';
import { ApiError, bodyMessage, errorMessage } from './index';

afterEach(() => clearSecrets());

test('errorMessage, which screens show inline (error panels) and in toasts, redacts a key the server echoed', () => {
  registerSecret('px-key-0a1b2c3d4e5f');
  const error = new ApiError('API request failed with status 403: key px-key-0a1b2c3d4e5f is not allowed', {
    status: 403,
    code: 'CLIENT_ERROR',
  });
  expect(errorMessage(error)).toBe('API request failed with status 403: key [REDACTED] is not allowed');
  expect(errorMessage('token=abc123xyz')).toBe('token=[REDACTED]');
  expect(errorMessage(undefined)).toBe('An error occurred');
});

test("bodyMessage reads an ErrorBody's message and nothing else", () => {
  const withBody = (body: string) => new ApiError('x', { code: 'CLIENT_ERROR', status: 409, body });
  expect(bodyMessage(withBody('{"message":"  Dieser Post ist bereits veröffentlicht. "}'))).toBe(
    'Dieser Post ist bereits veröffentlicht.',
  );
  expect(bodyMessage(withBody('{"message":42}'))).toBeUndefined();
  expect(bodyMessage(withBody('{"message":"   "}'))).toBeUndefined();
  expect(bodyMessage(withBody('["message"]'))).toBeUndefined();
  expect(bodyMessage(withBody('null'))).toBeUndefined();
  expect(bodyMessage(withBody('Bad Gateway'))).toBeUndefined();
  expect(bodyMessage(new ApiError('x', { code: 'NETWORK_ERROR' }))).toBeUndefined();
});
