// npm start: reads the environment, migrates, serves the PWA and /api on one origin. `--seed demo` loads the sample data.
import { EnvError, parseEnv } from './env';
import { startServer } from './server';

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? args[seedAt + 1] : undefined;
if (seed !== undefined && seed !== 'demo') {
  console.error(`Unbekannte Beispieldaten "${seed}": erlaubt ist --seed demo.`);
  process.exit(2);
}

try {
  const env = parseEnv();
  const running = await startServer(env, { seed, log: process.env.NEWSDESK_LOG === '1' });
  console.log(
    `Newsdesk läuft: ${running.url}  (Datenbank: ${running.database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'})`,
  );
  if (running.tokenGenerated) {
    console.log(`Zugangs-Token (einmalig angezeigt, gespeichert in ${running.tokenFile}):\n\n  ${running.token}\n`);
  } else if (running.tokenFile) {
    console.log(`Zugangs-Token: siehe ${running.tokenFile}`);
  }
  const shutdown = async () => {
    await running.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
