import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';

// The texts live here, in the lazily loaded extras, not in messages.ts: the entry chunk has no room to spare.
const TITLE = 'Keine sichere Verbindung – Newsdesk lässt sich hier weder installieren noch offline nutzen.';
const TEXT =
  'Die Konsole ist über http:// von einem anderen Gerät aus geöffnet; App-Installation und Offline-Speicher erlauben Browser nur über HTTPS. Abhilfe: auf dem Desk einmal „npm run certs“ ausführen und neu starten, auf diesem Gerät der Newsdesk-CA vertrauen und die https://-Adresse des Desks öffnen.';

/** Says in German why a console opened over plain HTTP from another host cannot be installed or work offline. */
export function InsecureContextNotice() {
  useEffect(() => {
    // localhost counts as secure: only another host over http:// gets here.
    if (window.isSecureContext) return;
    toast.warning(TITLE, { id: 'insecure-context', description: TEXT, duration: Infinity });
  }, []);
  return null;
}
