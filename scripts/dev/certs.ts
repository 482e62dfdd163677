// npm run certs — a local certificate authority and a certificate for this machine's LAN names and addresses in the
// data folder (npm start then serves HTTPS with HTTP/2), and how to trust the CA on the studio's devices.
// More names or addresses: npm run certs -- --name desk.studio.lan --name 10.0.0.5
import { CertError, issueCertificates, lanNames, trustInstructions } from '../../server/http/certs';
import { EnvError, parseEnv } from '../../server/env';

const args = process.argv.slice(2);
const extra: string[] = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--name' && args[i + 1]) extra.push(args[++i]);
  else {
    console.error(`Unbekanntes Argument "${args[i]}": erlaubt ist --name <Hostname oder Adresse>.`);
    process.exit(2);
  }
}

try {
  const env = parseEnv();
  const issued = issueCertificates(env.dataDir, [...lanNames(), ...extra]);
  console.log(
    issued.caCreated
      ? `Neue Newsdesk-CA angelegt: ${issued.caCert}`
      : `Vorhandene Newsdesk-CA weiterverwendet (Geräte, die ihr vertrauen, brauchen nichts Neues): ${issued.caCert}`,
  );
  console.log(`Serverzertifikat (397 Tage gültig) für: ${issued.names.join(', ')}\n  ${issued.cert}\n  ${issued.key}`);
  if (env.tls)
    console.log('Hinweis: NEWSDESK_TLS_CERT/NEWSDESK_TLS_KEY sind gesetzt und haben Vorrang vor diesen Dateien.');
  // An IPv4 address is what every tablet reaches; a .local name needs mDNS on the desk.
  const host = issued.names.find((n) => /^\d+\.\d+\.\d+\.\d+$/.test(n) && n !== '127.0.0.1') ?? 'localhost';
  console.log(`\nAb dem nächsten „npm start“ antwortet der Newsdesk über HTTPS mit HTTP/2 auf Port ${env.port}.\n`);
  console.log(trustInstructions(issued.caCert, `https://${host}:${env.port}`));
} catch (error) {
  console.error(error instanceof EnvError || error instanceof CertError ? error.message : error);
  process.exit(1);
}
