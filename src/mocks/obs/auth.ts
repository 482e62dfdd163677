// obs-websocket v5 authentication: secret = base64(sha256(password + salt)),
// authentication = base64(sha256(secret + challenge)). Computed with Web Crypto.

function base64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function sha256Base64(text: string): Promise<string> {
  return base64(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The authentication string a client must send in Identify for this password, salt and challenge. */
export async function obsAuthentication(password: string, salt: string, challenge: string): Promise<string> {
  const secret = await sha256Base64(password + salt);
  return sha256Base64(secret + challenge);
}

/** 32 random bytes, base64 (salt or challenge). */
export function randomToken(): string {
  return base64(crypto.getRandomValues(new Uint8Array(32)).buffer);
}
