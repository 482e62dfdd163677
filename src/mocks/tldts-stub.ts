// tough-cookie (pulled in by msw) only asks tldts for a cookie domain; the public-suffix list is ~110 KB gzip
// and the mock network never needs cross-site cookie rules, so the last two labels are a good enough answer.
export function getDomain(hostname: string): string | null {
  const labels = hostname.split('.').filter(Boolean);
  if (labels.length === 0) return null;
  return labels.slice(-2).join('.');
}
