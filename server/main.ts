// npm start: reads the environment, migrates, serves the PWA and /api on one origin. `--seed demo` loads the sample data,
// `--seed large` (or NEWSDESK_SEED=large) a desk of realistic size.
import { lanNames } from './http/certs';
import { EnvError, parseEnv } from './env';
import { startServer } from './server';

const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
const seedName = seedAt >= 0 ? args[seedAt + 1] : process.env.NEWSDESK_SEED || undefined;
if (seedName !== undefined && seedName !== 'demo' && seedName !== 'large') {
  console.error(`Unbekannte Beispieldaten "${seedName}": erlaubt sind --seed demo und --seed large.`);
  process.exit(2);
}
const seed: 'demo' | 'large' | undefined = seedName;

try {
  const env = parseEnv();
  const running = await startServer(env, { seed, log: process.env.NEWSDESK_LOG === '1' });
  console.log(
    `Newsdesk läuft: ${running.url}  (Datenbank: ${running.database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'})`,
  );
  const everywhere = env.host === '0.0.0.0' || env.host === '::';
  // The addresses a tablet on the LAN types (IPv6 ones are rarely typed by hand).
  const lan = lanNames().filter((n) => !['localhost', '127.0.0.1', '::1'].includes(n) && !n.includes(':'));
  if (running.localUrl) {
    if (everywhere && lan.length)
      console.log(`Im LAN (HTTPS, HTTP/2): ${lan.map((n) => `https://${n}:${running.port}`).join('  ')}`);
    console.log(`Ohne TLS nur auf diesem Rechner: ${running.localUrl}`);
    const days = Math.floor(((running.certificateValidTo?.getTime() ?? Infinity) - Date.now()) / 86_400_000);
    if (days < 30)
      console.warn(
        days < 0
          ? 'Achtung: Das HTTPS-Zertifikat ist abgelaufen – bitte `npm run certs` ausführen und neu starten.'
          : `Achtung: Das HTTPS-Zertifikat läuft in ${days} Tagen ab – bitte \`npm run certs\` ausführen und neu starten.`,
      );
  } else if (everywhere) {
    console.log(
      'Hinweis: ohne HTTPS lässt sich die Konsole auf anderen Geräten im LAN weder installieren noch offline nutzen. Abhilfe: `npm run certs` und neu starten (siehe README, „HTTPS on the studio LAN“).',
    );
  }
  if (running.tokenGenerated) {
    console.log(`Zugangs-Token (einmalig angezeigt, gespeichert in ${running.tokenFile}):\n\n  ${running.token}\n`);
  } else if (running.tokenFile) {
    console.log(`Zugangs-Token: siehe ${running.tokenFile}`);
  }
  if (running.adminLink)
    console.log(
      `Administrator (admin@newsdesk.local): Passwort festlegen mit diesem einmaligen Link (24 Stunden gültig):\n\n  ${running.adminLink.url}\n`,
    );
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
