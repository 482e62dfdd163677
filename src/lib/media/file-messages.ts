/** German texts of the media file check (Media Library upload and the Workflow screen's n8n media upload). */
export const mediaFileMessages = {
  unsupported: 'Dateityp wird nicht unterstützt. Erlaubt sind Video-, Audio- und Bilddateien.',
  // The first sentence of the Media Library preview's message for a file the browser cannot play.
  undecodable: 'Diese Datei kann im Browser nicht abgespielt werden.',
  undecodableImage: 'Dieses Bild kann im Browser nicht angezeigt werden.',
} as const;
