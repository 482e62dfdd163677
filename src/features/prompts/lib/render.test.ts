import fc from 'fast-check';
import { CONTENT_TEMPLATES, IMAGE_PROMPTS, VOICE_PROMPTS } from './templates';
import { buildContentPrompt, fillTemplate } from './render';

const base = { topic: 'Wahl', location: 'Hamburg', language: 'deutsch', audience: 'allgemein' };

describe('prompt rendering', () => {
  test('a missing topic or location appears as [THEMA] and [ORT]', () => {
    expect(fillTemplate('Zu {topic} in {location}.', { topic: '', location: '  ' })).toBe('Zu [THEMA] in [ORT].');
    expect(fillTemplate('Zu {topic} in {location}, {topic}.', { topic: ' Wahl ', location: 'Hamburg' })).toBe(
      'Zu Wahl in Hamburg, Wahl.',
    );
  });

  test('defaults add no Sprache or Zielgruppe line', () => {
    expect(buildContentPrompt('{topic} in {location}', base)).toBe('Wahl in Hamburg');
  });

  test("another language appends 'Sprache: <language>', another audience 'Zielgruppe: <audience>'", () => {
    const text = buildContentPrompt('{topic}', { ...base, language: 'français', audience: 'senioren 50+' });
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toEqual(['Wahl', 'Sprache: français', 'Zielgruppe: senioren 50+']);
    expect(
      buildContentPrompt('{topic}', { ...base, audience: 'unternehmen/B2B' })
        .split('\n')
        .filter(Boolean),
    ).toEqual(['Wahl', 'Zielgruppe: unternehmen/B2B']);
  });

  test('the fixtures: four content templates with {topic} and {location}, four voice and four image presets', () => {
    expect(CONTENT_TEMPLATES.map((t) => t.id)).toEqual([
      'breaking_news',
      'market_analysis',
      'tech_trends',
      'sports_update',
    ]);
    for (const t of CONTENT_TEMPLATES) {
      expect(t.template).toContain('{topic}');
      expect(t.template).toContain('{location}');
      expect(t.name).not.toBe('');
      expect(t.description).not.toBe('');
    }
    expect(VOICE_PROMPTS.map((p) => p.id)).toEqual(['professional', 'conversational', 'urgent', 'calm']);
    expect(IMAGE_PROMPTS.map((p) => p.id)).toEqual([
      'news_thumbnail',
      'breaking_news',
      'tech_illustration',
      'infographic',
    ]);
  });
});

describe('bad input (property)', () => {
  test('any topic and location are inserted verbatim (trimmed), never re-interpreted', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (topic, location) => {
        const text = fillTemplate('A {topic} B {location} C', { topic, location });
        const t = topic.trim() || '[THEMA]';
        const l = location.trim() || '[ORT]';
        expect(text).toBe(`A ${t} B ${l} C`);
      }),
    );
  });

  test("'$&' and a typed placeholder stay as typed", () => {
    expect(fillTemplate('{topic} in {location}', { topic: '$& {location}', location: "$'" })).toBe(
      "$& {location} in $'",
    );
  });

  test('the content prompt always starts with the filled template and ends with the non-default lines', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('Sprache') && !s.includes('Zielgruppe')),
        fc.constantFrom('deutsch', 'english', 'français', 'español'),
        fc.constantFrom('allgemein', 'experten', 'jugendliche 16-25', 'unternehmen/B2B', 'senioren 50+'),
        (topic, language, audience) => {
          const text = buildContentPrompt('{topic}', { topic, location: '', language, audience });
          expect(text.startsWith(topic.trim() || '[THEMA]')).toBe(true);
          expect(text.includes(`\n\nSprache: ${language}`)).toBe(language !== 'deutsch');
          expect(text.includes(`\n\nZielgruppe: ${audience}`)).toBe(audience !== 'allgemein');
        },
      ),
    );
  });
});
