import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { extractArticle, isArticleOf } from './article';

const PAGE = `<!DOCTYPE html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <title>Hochwasser an der Elbe: Dresden ruft Alarmstufe 3 aus | Beispiel-Zeitung</title>
  <meta name="author" content="Katrin Vogel">
  <script>window.dataLayer = [];</script>
</head>
<body>
  <header><nav><ul><li><a href="/">Startseite</a></li><li><a href="/politik">Politik</a></li><li><a href="/sport">Sport</a></li></ul></nav></header>
  <div class="ad-banner" id="ad-top">Anzeige: Jetzt günstig Strom wechseln!</div>
  <main>
    <article>
      <h1>Hochwasser an der Elbe: Dresden ruft Alarmstufe 3 aus</h1>
      <p>Die Elbe in Dresden ist in der Nacht zum Dienstag auf über sechs Meter gestiegen. Die Stadt hat deshalb die Alarmstufe 3 ausgerufen und bittet Anwohner in den tiefer gelegenen Stadtteilen, ihre Keller zu räumen und Fahrzeuge in Sicherheit zu bringen.</p>
      <p>Nach Angaben des Landeshochwasserzentrums wird der Scheitel frühestens am Mittwochabend erwartet. Bis dahin könnte der Pegel um weitere vierzig Zentimeter steigen, sagte eine Sprecherin am Morgen. Die Feuerwehr ist mit mehreren hundert Kräften im Einsatz.</p>
      <p>Die Fähren zwischen Johannstadt und Neustadt haben ihren Betrieb eingestellt. Auch das Terrassenufer ist für den Verkehr gesperrt. Pendler sollen auf Straßenbahnen und S-Bahnen ausweichen, die nach Angaben der Verkehrsbetriebe weitgehend planmäßig fahren.</p>
    </article>
  </main>
  <aside class="sidebar"><h3>Meistgelesen</h3><ul><li><a href="/a">Bundesliga: Dresden verliert</a></li><li><a href="/b">Wetter: Sonne am Wochenende</a></li></ul></aside>
  <footer><p>© 2024 Beispiel-Zeitung · Impressum · Datenschutz</p></footer>
</body>
</html>`;

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/artikel') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (req.url === '/latin1') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from(PAGE.replace('charset="utf-8"', 'charset="iso-8859-1"'), 'latin1'));
    } else if (req.url === '/pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(PAGE);
    else
      res
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<html><body><h1>Seite nicht gefunden</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const EXPECTED_TEXT = [
  'Die Elbe in Dresden ist in der Nacht zum Dienstag auf über sechs Meter gestiegen. Die Stadt hat deshalb die Alarmstufe 3 ausgerufen und bittet Anwohner in den tiefer gelegenen Stadtteilen, ihre Keller zu räumen und Fahrzeuge in Sicherheit zu bringen.',
  'Nach Angaben des Landeshochwasserzentrums wird der Scheitel frühestens am Mittwochabend erwartet. Bis dahin könnte der Pegel um weitere vierzig Zentimeter steigen, sagte eine Sprecherin am Morgen. Die Feuerwehr ist mit mehreren hundert Kräften im Einsatz.',
  'Die Fähren zwischen Johannstadt und Neustadt haben ihren Betrieb eingestellt. Auch das Terrassenufer ist für den Verkehr gesperrt. Pendler sollen auf Straßenbahnen und S-Bahnen ausweichen, die nach Angaben der Verkehrsbetriebe weitgehend planmäßig fahren.',
].join('\n\n');

test('the article text without navigation, ads, sidebar and footer, paragraphs by blank lines', async () => {
  const article = await extractArticle(`${base}/artikel`, { allowPrivate: true });
  expect(article).toEqual({
    title: 'Hochwasser an der Elbe: Dresden ruft Alarmstufe 3 aus',
    text: EXPECTED_TEXT,
    byline: 'Katrin Vogel',
  });
});

test('a page in ISO-8859-1 is decoded by its charset', async () => {
  expect((await extractArticle(`${base}/latin1`, { allowPrivate: true }))?.text).toBe(EXPECTED_TEXT);
});

test('a 404, a PDF and an internal address without allowPrivate give undefined', async () => {
  expect(await extractArticle(`${base}/fehlt`, { allowPrivate: true })).toBeUndefined();
  expect(await extractArticle(`${base}/pdf`, { allowPrivate: true })).toBeUndefined();
  expect(await extractArticle(`${base}/artikel`, { allowPrivate: false })).toBeUndefined();
  expect(await extractArticle('kein link', { allowPrivate: true })).toBeUndefined();
});

test("an article is the item's when a key word of its title opens the page; a wall or another story is not", () => {
  const title = 'Hochwasser an der Elbe: Dresden ruft Alarmstufe 3 aus';
  expect(isArticleOf({ text: EXPECTED_TEXT }, title)).toBe(true);
  // The headline on the page counts too: the text may not repeat the feed's words.
  expect(
    isArticleOf({ title: 'Alarmstufe 3 in Dresden', text: 'Die Stadt bittet Anwohner, ihre Keller zu räumen.' }, title),
  ).toBe(true);
  // A consent wall, a paywall, a sign-up box: their words open the text.
  const wall =
    'Wir und unsere Partner verwenden Cookies, um Inhalte zu personalisieren. Mit Alle akzeptieren willigen Sie ein. Hochwasser an der Elbe: Dresden ruft Alarmstufe 3 aus.';
  expect(isArticleOf({ text: wall }, title)).toBe(false);
  const paywall =
    'Hochwasser an der Elbe: Weiterlesen mit Abonnement. Jetzt abonnieren und alle Artikel lesen, den ersten Monat gratis.';
  expect(isArticleOf({ text: paywall }, title)).toBe(false);
  // Readability took another block of the page: not one word of the item's title.
  expect(
    isArticleOf(
      { title: 'Beispiel-Zeitung', text: 'Bundesliga: Der Tabellenführer verliert überraschend in Bochum.' },
      title,
    ),
  ).toBe(false);
  // A title without a word of four letters cannot be checked and is not held against the page.
  expect(isArticleOf({ text: 'Die EU und die UN beraten.' }, 'EU und UN')).toBe(true);
});
