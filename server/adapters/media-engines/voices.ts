// The console's voices as each speech engine names them: one table, so ElevenLabs, Azure and the embedded eSpeak-NG
// speak a run with the same person (gender and character) in the run's language. D-ID's text scripts take the Azure
// (Microsoft) names too; HeyGen picks from its own voice list by language and gender.

type Language = 'de' | 'en' | 'es' | 'fr';

export interface EngineVoices {
  elevenlabs: string;
  azure: string;
  espeak: string;
}

interface VoiceRow {
  /** The language a Video Studio voice is named after; used when the run names none of SPEC's four. */
  home?: Language;
  /** ElevenLabs premade voices speak every language with the multilingual model, so one id serves all four. */
  elevenlabs: string;
  /** Azure neural voices speak one language each. */
  azure: Record<Language, string>;
  /** An eSpeak-NG variant (+f… female, +m… male) added to the language's voice. */
  espeakVariant: string;
}

const VOICES: Record<string, VoiceRow> = {
  // Video Studio (src/features/videos/options.ts)
  'german-female-1': {
    home: 'de',
    elevenlabs: '21m00Tcm4TlvDq8ikWAM', // Rachel
    azure: { de: 'de-DE-KatjaNeural', en: 'en-US-JennyNeural', es: 'es-ES-ElviraNeural', fr: 'fr-FR-DeniseNeural' },
    espeakVariant: 'f3',
  },
  'german-male-1': {
    home: 'de',
    elevenlabs: 'pNInz6obpgDQGcFmaJgB', // Adam
    azure: { de: 'de-DE-ConradNeural', en: 'en-US-GuyNeural', es: 'es-ES-AlvaroNeural', fr: 'fr-FR-HenriNeural' },
    espeakVariant: 'm3',
  },
  'english-female-1': {
    home: 'en',
    elevenlabs: 'EXAVITQu4vr4xnSDxMaL', // Sarah
    azure: { de: 'de-DE-KatjaNeural', en: 'en-US-JennyNeural', es: 'es-ES-ElviraNeural', fr: 'fr-FR-DeniseNeural' },
    espeakVariant: 'f3',
  },
  'english-male-1': {
    home: 'en',
    elevenlabs: 'JBFqnCBsd6RMkjVDRZzb', // George
    azure: { de: 'de-DE-ConradNeural', en: 'en-US-GuyNeural', es: 'es-ES-AlvaroNeural', fr: 'fr-FR-HenriNeural' },
    espeakVariant: 'm3',
  },
  // The Workflow's voice parameter (src/features/workflow/components/voices.ts)
  Anna: {
    elevenlabs: 'FGY2WhTYpPnrIDTdsKH5', // Laura
    azure: { de: 'de-DE-AmalaNeural', en: 'en-US-AriaNeural', es: 'es-ES-AbrilNeural', fr: 'fr-FR-BrigitteNeural' },
    espeakVariant: 'f4',
  },
  Max: {
    elevenlabs: 'IKne3meq5aSn9XLyUdCD', // Charlie
    azure: { de: 'de-DE-KillianNeural', en: 'en-US-DavisNeural', es: 'es-ES-DarioNeural', fr: 'fr-FR-AlainNeural' },
    espeakVariant: 'm2',
  },
  Sophie: {
    elevenlabs: 'Xb7hH8MSUJpSbSDYk0k2', // Alice
    azure: { de: 'de-DE-LouisaNeural', en: 'en-US-SaraNeural', es: 'es-ES-EstrellaNeural', fr: 'fr-FR-CoralieNeural' },
    espeakVariant: 'f2',
  },
  Lukas: {
    elevenlabs: 'N2lVS1w4EtoT3dr4eOWO', // Callum
    azure: { de: 'de-DE-ChristophNeural', en: 'en-US-TonyNeural', es: 'es-ES-ArnauNeural', fr: 'fr-FR-ClaudeNeural' },
    espeakVariant: 'm4',
  },
};

/** The voice of a run whose voice this table does not know: its language's first female voice. */
const FALLBACK: Record<Language, string> = {
  de: 'german-female-1',
  en: 'english-female-1',
  es: 'german-female-1',
  fr: 'german-female-1',
};

const ESPEAK_LANGUAGE: Record<Language, string> = { de: 'de', en: 'en-us', es: 'es', fr: 'fr' };

function languageOf(language: string): Language | undefined {
  const code = language.trim().toLowerCase().slice(0, 2);
  return code === 'de' || code === 'en' || code === 'es' || code === 'fr' ? code : undefined;
}

/** Whether `name` is one of the console's voices (Video Studio's or the Workflow's), so a provider default may yield to it. */
export function isConsoleVoice(name: unknown): name is string {
  return typeof name === 'string' && Object.hasOwn(VOICES, name.trim());
}

/**
 * Each engine's voice for a console voice. The text's language wins over the voice's name (a German voice reading
 * English text would mispronounce it), so `english-male-1` in a German run is a German male voice.
 */
export function voiceFor(consoleVoice: string | undefined, language: string): EngineVoices {
  const name = consoleVoice?.trim() ?? '';
  const known = Object.hasOwn(VOICES, name) ? VOICES[name] : undefined; // not a prototype key such as "constructor"
  const lang = languageOf(language) ?? known?.home ?? 'de';
  const row = known ?? VOICES[FALLBACK[lang]];
  return {
    elevenlabs: row.elevenlabs,
    azure: row.azure[lang],
    espeak: `${ESPEAK_LANGUAGE[lang]}+${row.espeakVariant}`,
  };
}
