// A throwaway PostgreSQL cluster for tests and the benchmark: Debian's postgresql 15 binaries, a temp folder, a free
// port; stopped with pg_ctl (by its data folder) and removed afterwards.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PG_BIN = process.env.NEWSDESK_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why the harness cannot run here, or undefined when it can. */
export function postgresUnavailable(): string | undefined {
  return existsSync(path.join(PG_BIN, 'initdb'))
    ? undefined
    : `PostgreSQL-Binärdateien fehlen unter ${PG_BIN} (Debian-Paket postgresql installieren)`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  url: string;
  port: number;
  /** pg_ctl restart: every connection is cut, the server comes back on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** initdb + pg_ctl start on a free port (trust auth on 127.0.0.1 only); `stop` ends it and deletes the folder. */
export async function startPostgres(): Promise<PostgresCluster> {
  const reason = postgresUnavailable();
  if (reason) throw new Error(reason);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // postgres refuses to run as root; tests in CI containers often are root.
  const asRoot = process.getuid?.() === 0;
  const wrap = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  if (asRoot) await run('chown', ['-R', 'postgres', dir]);
  await run(
    ...wrap(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'newsdesk', '--auth=trust', '-E', 'UTF8', '--no-sync']),
  );
  const ctl = (action: 'start' | 'restart') =>
    run(
      ...wrap(path.join(PG_BIN, 'pg_ctl'), [
        '-D',
        data,
        '-w',
        '-t',
        '60',
        '-l',
        path.join(dir, 'log'),
        '-m',
        'fast',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`,
        action,
      ]),
    );
  await ctl('start');
  return {
    url: `postgres://newsdesk@127.0.0.1:${port}/postgres`,
    port,
    async restart() {
      await ctl('restart');
    },
    async stop() {
      await run(...wrap(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
