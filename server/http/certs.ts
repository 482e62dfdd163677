// A local certificate authority and a server certificate for the desk's LAN names and addresses (npm run certs), so
// tablets on the studio LAN reach the desk over HTTPS: a secure context, where the service worker installs.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where the generated files live, inside the data folder; npm start picks the server pair up from here. */
export function tlsFiles(dataDir: string) {
  const dir = path.join(path.resolve(dataDir), 'tls');
  return {
    dir,
    caCert: path.join(dir, 'newsdesk-ca.crt'),
    caKey: path.join(dir, 'newsdesk-ca.key'),
    cert: path.join(dir, 'server.crt'),
    key: path.join(dir, 'server.key'),
  };
}

/** localhost, this machine's name (and its .local mDNS name) and every non-internal IPv4/IPv6 address. */
export function lanNames(): string[] {
  const host = os.hostname().toLowerCase();
  const names = ['localhost', '127.0.0.1', '::1'];
  if (host && host !== 'localhost') names.push(host, host.includes('.') ? host : `${host}.local`);
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (!a.internal) names.push(a.address.replace(/%.*$/, ''));
  return [...new Set(names)];
}

export class CertError extends Error {}

// The server certificate stays within Apple's and Chrome's limits for a user-installed root (825 and 398 days).
const CA_DAYS = 3650;
const SERVER_DAYS = 397;

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT')
      throw new CertError(
        'Das Programm openssl wurde nicht gefunden. Bitte installieren (Debian: apt-get install openssl; Windows: in Git for Windows enthalten) oder HTTPS über Caddy einrichten (siehe README).',
      );
    throw new CertError(`openssl ist fehlgeschlagen: ${e.stderr?.toString().trim() || e.message}`);
  }
}

function writePrivate(file: string, pem: string): void {
  writeFileSync(file, pem, { mode: 0o600 });
  // The mode of an existing file is not changed by writeFileSync.
  chmodSync(file, 0o600);
}

const newKey = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

// Only characters that cannot break out of an openssl config value.
const configValue = (value: string) => value.replace(/[^\w .:@-]/g, '');

function usableCa(files: ReturnType<typeof tlsFiles>): X509Certificate | undefined {
  if (!existsSync(files.caCert) || !existsSync(files.caKey)) return undefined;
  const ca = new X509Certificate(readFileSync(files.caCert));
  // A CA about to expire is replaced while there is time to trust the new one.
  return new Date(ca.validTo).getTime() - Date.now() > 30 * 86_400_000 ? ca : undefined;
}

export interface Issued {
  caCert: string;
  cert: string;
  key: string;
  caCreated: boolean;
  names: string[];
}

/** Makes the CA (kept while valid, so trusted devices stay trusting) and a fresh server certificate in <dataDir>/tls. */
export function issueCertificates(dataDir: string, names: string[] = lanNames()): Issued {
  const files = tlsFiles(dataDir);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const work = mkdtempSync(path.join(os.tmpdir(), 'newsdesk-certs-'));
  try {
    let ca = usableCa(files);
    const caCreated = !ca;
    if (!ca) {
      writePrivate(files.caKey, newKey());
      const stamp = new Date().toISOString().slice(0, 10);
      writeFileSync(
        path.join(work, 'ca.cnf'),
        [
          '[req]',
          'distinguished_name = dn',
          'prompt = no',
          '[dn]',
          `CN = Newsdesk Local CA ${configValue(os.hostname())} ${stamp}`,
          'O = Newsdesk',
          '[v3_ca]',
          'basicConstraints = critical, CA:TRUE, pathlen:0',
          'keyUsage = critical, keyCertSign, cRLSign',
          'subjectKeyIdentifier = hash',
          '',
        ].join('\n'),
      );
      openssl(
        [
          'req',
          '-x509',
          '-new',
          '-sha256',
          '-days',
          String(CA_DAYS),
          '-key',
          files.caKey,
          '-config',
          'ca.cnf',
          '-extensions',
          'v3_ca',
          '-set_serial',
          `0x${randomBytes(16).toString('hex')}`,
          '-out',
          files.caCert,
        ],
        work,
      );
      ca = new X509Certificate(readFileSync(files.caCert));
    }
    const unique = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
    const alt = unique.map((n, i) => (isIP(n) ? `IP.${i + 1} = ${n}` : `DNS.${i + 1} = ${configValue(n)}`));
    writeFileSync(
      path.join(work, 'server.cnf'),
      [
        '[req]',
        'distinguished_name = dn',
        'prompt = no',
        '[dn]',
        `CN = ${configValue(unique.find((n) => !isIP(n) && n !== 'localhost') ?? 'localhost')}`,
        'O = Newsdesk',
        '[v3_server]',
        'basicConstraints = critical, CA:FALSE',
        'keyUsage = critical, digitalSignature',
        'extendedKeyUsage = serverAuth',
        'subjectKeyIdentifier = hash',
        'authorityKeyIdentifier = keyid, issuer',
        'subjectAltName = @alt',
        '[alt]',
        ...alt,
        '',
      ].join('\n'),
    );
    const key = newKey();
    writeFileSync(path.join(work, 'server.key'), key, { mode: 0o600 });
    openssl(['req', '-new', '-key', 'server.key', '-config', 'server.cnf', '-out', 'server.csr'], work);
    openssl(
      [
        'x509',
        '-req',
        '-sha256',
        '-days',
        String(SERVER_DAYS),
        '-in',
        'server.csr',
        '-CA',
        files.caCert,
        '-CAkey',
        files.caKey,
        '-set_serial',
        `0x${randomBytes(16).toString('hex')}`,
        '-extfile',
        'server.cnf',
        '-extensions',
        'v3_server',
        '-out',
        'server.crt',
      ],
      work,
    );
    const cert = readFileSync(path.join(work, 'server.crt'), 'utf8');
    if (!new X509Certificate(cert).checkIssued(ca)) throw new CertError('Das Serverzertifikat passt nicht zur CA.');
    // The server's key first: a start between the two writes then fails on a mismatch rather than serving a stale pair.
    writePrivate(files.key, key);
    writeFileSync(files.cert, cert);
    return { caCert: files.caCert, cert: files.cert, key: files.key, caCreated, names: unique };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** German steps to trust the CA on the devices of the studio (printed by npm run certs). */
export function trustInstructions(caCert: string, httpsUrl: string): string {
  return `So vertrauen die Geräte der Newsdesk-CA (einmal je Gerät; die Datei ist öffentlich, der Schlüssel daneben bleibt geheim):
  ${caCert}
  oder im Browser abrufbar unter ${httpsUrl}/newsdesk-ca.crt (die Warnung zum Zertifikat dafür einmal bestätigen).

iPadOS / iOS:
  1. Die Datei per AirDrop, Mail oder in Safari über die Adresse oben öffnen → „Profil geladen“.
  2. Einstellungen → Allgemein → VPN und Geräteverwaltung → „Newsdesk Local CA …“ → Installieren.
  3. Einstellungen → Allgemein → Info → Zertifikatsvertrauenseinstellungen → „Newsdesk Local CA …“ einschalten.

Android:
  Die Datei auf das Gerät laden, dann Einstellungen → Sicherheit → Weitere Sicherheitseinstellungen →
  Verschlüsselung und Anmeldedaten → Zertifikat installieren → CA-Zertifikat → Datei wählen.
  (Die Menüs heißen je nach Hersteller leicht anders; Suche in den Einstellungen: „CA-Zertifikat“.)

Windows:
  Als Administrator: certutil -addstore -f Root newsdesk-ca.crt
  oder Doppelklick → Zertifikat installieren → Lokaler Computer → „Vertrauenswürdige Stammzertifizierungsstellen“.

macOS:
  sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain newsdesk-ca.crt
  oder Doppelklick → Schlüsselbundverwaltung → Zertifikat öffnen → Vertrauen → „Immer vertrauen“.

Danach den Browser neu starten und ${httpsUrl} öffnen.`;
}
