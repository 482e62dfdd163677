// The child process of lease.postgres.test.ts: a worker on the given PostgreSQL whose handler never returns, so the
// test can kill the process (SIGKILL) with the job in hand. Prints "claimed <id>" once it runs the job.
import { openDatabase } from '../data/db/client';
import { JobWorker } from './queue';

const [databaseUrl, kind, leaseMs] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl });
const worker = new JobWorker(
  database,
  {
    [kind]: async (job) => {
      process.stdout.write(`claimed ${job.id}\n`);
      await new Promise<never>(() => undefined);
    },
  },
  { pollMs: 20, leaseMs: Number(leaseMs), workerId: `child-${process.pid}` },
);
worker.start();
