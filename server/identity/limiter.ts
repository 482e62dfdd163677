// Wrong passwords, counted per account and per address in a sliding window: an account under attack is paused
// (even for its right password, or guessing would go on), and one address cannot try many accounts.
export interface LimiterOptions {
  perAccount: number;
  perAddress: number;
  windowMs: number;
  now?: () => number;
}

const DEFAULTS: LimiterOptions = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

export class SignInLimiter {
  private readonly accounts = new Map<string, number[]>();
  private readonly addresses = new Map<string, number[]>();
  private readonly options: LimiterOptions;

  constructor(options: Partial<LimiterOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private recent(map: Map<string, number[]>, key: string): number[] {
    const since = this.now() - this.options.windowMs;
    const kept = (map.get(key) ?? []).filter((t) => t > since);
    if (kept.length) map.set(key, kept);
    else map.delete(key);
    return kept;
  }

  /** Seconds to wait when the account or the address is paused; 0 when a try may go ahead. */
  blocked(account: string, address: string): number {
    const waits: number[] = [];
    const a = this.recent(this.accounts, account);
    if (a.length >= this.options.perAccount) waits.push(a[0] + this.options.windowMs - this.now());
    const b = this.recent(this.addresses, address);
    if (b.length >= this.options.perAddress) waits.push(b[0] + this.options.windowMs - this.now());
    return waits.length ? Math.max(1, Math.ceil(Math.max(...waits) / 1000)) : 0;
  }

  failed(account: string, address: string): void {
    if (this.accounts.size > 10_000) this.accounts.clear();
    if (this.addresses.size > 10_000) this.addresses.clear();
    this.accounts.set(account, [...this.recent(this.accounts, account), this.now()]);
    this.addresses.set(address, [...this.recent(this.addresses, address), this.now()]);
  }

  succeeded(account: string): void {
    this.accounts.delete(account);
  }
}
