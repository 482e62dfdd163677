/** Prompt fixtures of SPEC §3: content templates, voice presets and image presets (German texts). */

export type ContentTemplateId = 'breaking_news' | 'market_analysis' | 'tech_trends' | 'sports_update';

export interface ContentTemplate {
  id: ContentTemplateId;
  name: string;
  description: string;
  /** German prompt text with {topic} and {location}. */
  template: string;
}

export const CONTENT_TEMPLATES: readonly ContentTemplate[] = [
  {
    id: 'breaking_news',
    name: 'Breaking News',
    description: 'Kurze Eilmeldung mit den wichtigsten Fakten zuerst.',
    template:
      'Du bist Nachrichtenredakteur einer großen deutschen Nachrichtenredaktion. Verfasse eine Eilmeldung zum Thema {topic} in {location}. ' +
      'Beginne mit den wichtigsten Fakten (Wer, Was, Wann, Wo), halte dich an bestätigte Informationen und kennzeichne Unbestätigtes klar. ' +
      'Länge: 120 bis 180 Wörter, sachlicher Ton, kurze Sätze, eine prägnante Überschrift.',
  },
  {
    id: 'market_analysis',
    name: 'Market Analysis',
    description: 'Einordnende Marktanalyse mit Zahlen und Ausblick.',
    template:
      'Du bist Wirtschaftsjournalist. Erstelle eine fundierte Marktanalyse zum Thema {topic} mit Blick auf den Standort {location}. ' +
      'Nenne die aktuellen Kennzahlen, erkläre die Ursachen der Entwicklung, ordne Chancen und Risiken ein und schließe mit einem Ausblick auf die kommenden Wochen. ' +
      'Keine Anlageberatung; Quellen der Zahlen angeben.',
  },
  {
    id: 'tech_trends',
    name: 'Tech Trends',
    description: 'Verständlicher Überblick über einen Technologietrend.',
    template:
      'Du bist Technologieredakteur. Schreibe einen verständlichen Überblick über den Trend {topic} und seine Bedeutung für Unternehmen und Menschen in {location}. ' +
      'Erkläre Fachbegriffe in einem Satz, nenne zwei konkrete Anwendungsbeispiele und eine kritische Stimme. ' +
      'Länge: etwa 250 Wörter, mit Zwischenüberschriften.',
  },
  {
    id: 'sports_update',
    name: 'Sports Update',
    description: 'Schneller Sportbericht mit Ergebnis und Stimmen.',
    template:
      'Du bist Sportreporter. Fasse das Geschehen rund um {topic} in {location} als kompaktes Sport-Update zusammen. ' +
      'Nenne Ergebnis, entscheidende Szenen und die Tabellensituation, ergänze ein kurzes Zitat und einen Ausblick auf das nächste Spiel. ' +
      'Lebendiger, aber sachlicher Ton, höchstens 150 Wörter.',
  },
];

export type VoicePresetId = 'professional' | 'conversational' | 'urgent' | 'calm';
export type ImagePresetId = 'news_thumbnail' | 'breaking_news' | 'tech_illustration' | 'infographic';

export interface PresetPrompt<Id extends string> {
  id: Id;
  name: string;
  prompt: string;
}

export const VOICE_PROMPTS: ReadonlyArray<PresetPrompt<VoicePresetId>> = [
  {
    id: 'professional',
    name: 'Professional',
    prompt:
      'Sprich den Text wie ein erfahrener Nachrichtensprecher: klare Aussprache, ruhiges Tempo, neutrale Betonung und kurze Pausen nach jedem Satz.',
  },
  {
    id: 'conversational',
    name: 'Conversational',
    prompt:
      'Sprich den Text locker und nahbar wie im Gespräch mit einem Freund: natürliche Satzmelodie, leichtes Lächeln in der Stimme, kein Vorlesetonfall.',
  },
  {
    id: 'urgent',
    name: 'Urgent',
    prompt:
      'Sprich den Text als Eilmeldung: zügiges Tempo, deutliche Betonung der Schlüsselwörter, angespannte aber kontrollierte Stimme ohne Panik.',
  },
  {
    id: 'calm',
    name: 'Calm',
    prompt:
      'Sprich den Text ruhig und beruhigend: langsames Tempo, weiche Stimme, längere Pausen zwischen den Absätzen, gleichmäßige Lautstärke.',
  },
];

export const IMAGE_PROMPTS: ReadonlyArray<PresetPrompt<ImagePresetId>> = [
  {
    id: 'news_thumbnail',
    name: 'News Thumbnail',
    prompt:
      'Erstelle ein Nachrichten-Thumbnail zum Thema {topic}: fotorealistisch, kräftige Kontraste, ein klarer Bildmittelpunkt, Platz für eine Schlagzeile im oberen Drittel, Format 16:9.',
  },
  {
    id: 'breaking_news',
    name: 'Breaking News',
    prompt:
      'Erstelle ein Breaking-News-Titelbild zum Thema {topic}: dramatisches Licht, rote Akzentfarbe, Nachrichtenstudio-Ästhetik, keine echten Personen, Format 16:9.',
  },
  {
    id: 'tech_illustration',
    name: 'Tech Illustration',
    prompt:
      'Erstelle eine moderne Tech-Illustration zum Thema {topic}: flache Vektoroptik, Blau- und Violetttöne, abstrakte Schaltkreise und Datenströme, ohne Text.',
  },
  {
    id: 'infographic',
    name: 'Infographic',
    prompt:
      'Erstelle eine übersichtliche Infografik zum Thema {topic}: drei bis fünf Kennzahlen als Icons, klare Hierarchie, helle Hintergrundfarbe, gut lesbar auf dem Smartphone.',
  },
];
