// Which way the console reaches OBS: the deployment's default (config.json obsMode), the operator's choice, and when
// the direct way cannot work (an https page may not open ws:// to a LAN address: mixed content).
import { getConfig } from '@/lib/config';
import type { ObsSettings } from '@/db/settings';

/** The host alone: no ws:// scheme, port or path; an IPv6 address without its brackets. */
function bareHost(host: string): string {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^wss?:\/\//, '')
    .replace(/\/.*$/, '');
  const bracketed = /^\[([^\]]*)\]/.exec(h);
  if (bracketed) return bracketed[1];
  // Two colons or more: an IPv6 address without brackets (and so without a port).
  return (h.match(/:/g)?.length ?? 0) > 1 ? h : h.replace(/:.*$/, '');
}

/** True for the browser's own machine: localhost, *.localhost, 127.x.x.x and ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = bareHost(host);
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** True for an address only the studio LAN can reach: localhost, *.local, private and link-local IPs. */
export function isLanObsHost(host: string): boolean {
  const h = bareHost(host);
  if (isLoopbackHost(h) || h.endsWith('.local')) return true;
  const ip = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (ip) {
    const [a, b] = [Number(ip[1]), Number(ip[2])];
    return (
      a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  return /^f[cd][0-9a-f]{2}:/.test(h) || h.startsWith('fe80:');
}

/** The operator's stored choice, else the deployment's, else direct. */
export function defaultObsMode(settings: Pick<ObsSettings, 'mode'>): 'direct' | 'server' {
  return settings.mode ?? getConfig().obsMode ?? 'direct';
}

/** Live mode over https with a LAN OBS address: the direct way is blocked, the server mode is proposed. */
export function proposeServerMode(host: string, pageProtocol: string = globalThis.location?.protocol ?? ''): boolean {
  return getConfig().apiMode === 'live' && pageProtocol === 'https:' && host.trim() !== '' && isLanObsHost(host);
}
