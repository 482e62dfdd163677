import { mediaFileMessages } from '@/lib/media/file-messages';

// German texts of the Media Library (upload toasts verbatim from SPEC §8).
export const messages = {
  uploaded: 'Media hochgeladen',
  uploadedText: (title: string) => `„${title}“ ist jetzt in der Mediathek.`,
  uploadError: 'Upload Fehler',
  uploadFailedStatus: (status: number) => `Media Upload failed: ${status}`,
  uploadFailed: 'Media Upload fehlgeschlagen',
  noFile: 'Bitte wählen Sie eine Datei aus.',
  badType: mediaFileMessages.unsupported,
  tooLarge: (maxMb: number) => `Die Datei ist zu groß. Erlaubt sind höchstens ${maxMb} MB.`,
  deleted: 'Datei gelöscht',
  deletedText: (title: string) => `„${title}“ wurde gelöscht.`,
  deleteQuestion: 'Datei löschen?',
  deleteText: (title: string) => `„${title}“ wird endgültig aus der Mediathek gelöscht.`,
  error: 'Fehler',
  cannotPlay: `${mediaFileMessages.undecodable} Laden Sie sie herunter, um sie anzusehen.`,
  empty: 'Keine Medien gefunden.',
  loadError: 'Medien konnten nicht geladen werden.',
  searchLabel: 'Medien nach Titel oder Datum durchsuchen',
  shown: (shown: number, total: number) => `${shown} von ${total} Dateien angezeigt`,
  more: (n: number) => `${n} weitere laden`,
} as const;

export const TYPE_LABELS = { video: 'Video', audio: 'Audio', image: 'Bild' } as const;

/** The screen's title row, also prerendered into its route document at build time (app/prerender). */
export const screenHeader = { title: 'Media Library', description: 'Videos, Audio und Bilder verwalten.' };
