/** The one-time link's token of `#passwort=…` (an invitation or a reset), if the page was opened with one. */
export function passwordLinkToken(): string | undefined {
  const match = /^#passwort=(.+)$/.exec(typeof location === 'undefined' ? '' : location.hash);
  return match ? decodeURIComponent(match[1]) : undefined;
}
