// Sign-in tries, counted in a sliding window in the database, so every instance and a restart see the same count: an
// account is paused for the address its wrong tries came from (even for its right password, or guessing would go on),
// so someone who knows an operator's e-mail cannot lock the operator out from the office; many addresses trying one
// account pause it everywhere, and one address cannot try many accounts. A try is counted before its password is
// checked, so tries sent at once cannot all slip in under the limit; a successful sign-in forgets the account's tries.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Database } from '../data/db/client';
import { signInTries } from '../data/db/schema';

export interface LimiterOptions {
  /** Tries of one account from one address. */
  perAccountAddress: number;
  /** Tries of one account from all addresses together (guessing spread over many). */
  perAccount: number;
  /** Tries of one address for all accounts together. */
  perAddress: number;
  windowMs: number;
  now?: () => number;
}

/**
 * The address a try is counted for: an IPv6 client is its /64 (one line's whole network, whose every address its owner
 * can use, would otherwise try 5 × 2⁶⁴ times), an IPv4-mapped one its IPv4 address; anything else as it is.
 */
export function limitedAddress(address: string): string {
  const bare = address.split('%')[0];
  if (!ipaddr.isValid(bare)) return address;
  const ip = ipaddr.process(bare);
  if (ip.kind() === 'ipv4') return ip.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/64`);
  return `${network.toString()}/64`;
}

const DEFAULTS: LimiterOptions = { perAccountAddress: 5, perAccount: 30, perAddress: 20, windowMs: 15 * 60 * 1000 };

export class SignInLimiter {
  private readonly options: LimiterOptions;

  constructor(options: Partial<LimiterOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Counts a try of `account` from `address`: 0, or the seconds to wait when paused (a paused try is not counted). */
  async begin(database: Database, account: string, clientAddress: string): Promise<number> {
    const { db } = database;
    const address = limitedAddress(clientAddress);
    const now = this.now();
    const since = new Date(now - this.options.windowMs).toISOString();
    await db.delete(signInTries).where(lt(signInTries.at, since));
    // One try of an account, and of an address, at a time on every instance: tries sent at once are counted in turn.
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sign-in account ${account}`}))`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sign-in address ${address}`}))`);
      const waits: number[] = [];
      const recent = gt(signInTries.at, since);
      for (const [where, limit] of [
        [and(eq(signInTries.account, account), eq(signInTries.address, address)), this.options.perAccountAddress],
        [eq(signInTries.account, account), this.options.perAccount],
        [eq(signInTries.address, address), this.options.perAddress],
      ] as const) {
        const [counted] = await tx
          .select({
            n: sql<number>`count(*)::int`,
            first: sql<number>`(extract(epoch from min(${signInTries.at})) * 1000)::float8`,
          })
          .from(signInTries)
          .where(and(where, recent));
        if (counted.n >= limit) waits.push(Number(counted.first) + this.options.windowMs - now);
      }
      if (waits.length > 0) return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
      await tx.insert(signInTries).values({ account, address, at: new Date(now).toISOString() });
      return 0;
    });
  }

  /** The right password: the account's failed tries are forgotten, and this try does not count for its address. */
  async succeeded(database: Database, account: string): Promise<void> {
    await database.db.delete(signInTries).where(eq(signInTries.account, account));
  }
}
