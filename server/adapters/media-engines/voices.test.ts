import { describe, expect, test } from 'vitest';
import { voiceFor } from './voices';

describe('voiceFor', () => {
  test.each([
    ['german-female-1', { elevenlabs: '21m00Tcm4TlvDq8ikWAM', azure: 'de-DE-KatjaNeural', espeak: 'de+f3' }],
    ['german-male-1', { elevenlabs: 'pNInz6obpgDQGcFmaJgB', azure: 'de-DE-ConradNeural', espeak: 'de+m3' }],
    ['english-female-1', { elevenlabs: 'EXAVITQu4vr4xnSDxMaL', azure: 'de-DE-KatjaNeural', espeak: 'de+f3' }],
    ['english-male-1', { elevenlabs: 'JBFqnCBsd6RMkjVDRZzb', azure: 'de-DE-ConradNeural', espeak: 'de+m3' }],
    ['Anna', { elevenlabs: 'FGY2WhTYpPnrIDTdsKH5', azure: 'de-DE-AmalaNeural', espeak: 'de+f4' }],
    ['Max', { elevenlabs: 'IKne3meq5aSn9XLyUdCD', azure: 'de-DE-KillianNeural', espeak: 'de+m2' }],
    ['Sophie', { elevenlabs: 'Xb7hH8MSUJpSbSDYk0k2', azure: 'de-DE-LouisaNeural', espeak: 'de+f2' }],
    ['Lukas', { elevenlabs: 'N2lVS1w4EtoT3dr4eOWO', azure: 'de-DE-ChristophNeural', espeak: 'de+m4' }],
  ])('the console voice %s in a German run', (voice, expected) => {
    expect(voiceFor(voice, 'de')).toEqual(expected);
  });

  test.each([
    ['de', 'de-DE-ConradNeural', 'de+m3'],
    ['en', 'en-US-GuyNeural', 'en-us+m3'],
    ['es', 'es-ES-AlvaroNeural', 'es+m3'],
    ['fr', 'fr-FR-HenriNeural', 'fr+m3'],
  ])('speaks the run language %s, whatever the voice is named after', (language, azure, espeak) => {
    expect(voiceFor('german-male-1', language)).toEqual({ elevenlabs: 'pNInz6obpgDQGcFmaJgB', azure, espeak });
  });

  test.each([
    ['Anna', 'fr', 'fr-FR-BrigitteNeural', 'fr+f4'],
    ['Max', 'en', 'en-US-DavisNeural', 'en-us+m2'],
    ['Sophie', 'es', 'es-ES-EstrellaNeural', 'es+f2'],
    ['Lukas', 'fr', 'fr-FR-ClaudeNeural', 'fr+m4'],
  ])('the Workflow voice %s in %s', (voice, language, azure, espeak) => {
    expect(voiceFor(voice, language)).toMatchObject({ azure, espeak });
  });

  test.each([
    ['de', { elevenlabs: '21m00Tcm4TlvDq8ikWAM', azure: 'de-DE-KatjaNeural', espeak: 'de+f3' }],
    ['en', { elevenlabs: 'EXAVITQu4vr4xnSDxMaL', azure: 'en-US-JennyNeural', espeak: 'en-us+f3' }],
    ['es', { elevenlabs: '21m00Tcm4TlvDq8ikWAM', azure: 'es-ES-ElviraNeural', espeak: 'es+f3' }],
    ['fr', { elevenlabs: '21m00Tcm4TlvDq8ikWAM', azure: 'fr-FR-DeniseNeural', espeak: 'fr+f3' }],
  ])('an unknown voice falls back to the first female voice of %s', (language, expected) => {
    expect(voiceFor('Unbekannt', language)).toEqual(expected);
    expect(voiceFor(undefined, language)).toEqual(expected);
    expect(voiceFor('constructor', language)).toEqual(expected);
  });

  test('reads regional and upper-case language codes', () => {
    expect(voiceFor('Anna', 'en-GB').azure).toBe('en-US-AriaNeural');
    expect(voiceFor('Anna', 'FR').espeak).toBe('fr+f4');
  });

  test('a Video Studio voice speaks its own language when the run names none of the four', () => {
    expect(voiceFor('english-male-1', '')).toEqual({
      elevenlabs: 'JBFqnCBsd6RMkjVDRZzb',
      azure: 'en-US-GuyNeural',
      espeak: 'en-us+m3',
    });
    expect(voiceFor('Max', 'it')).toEqual({
      elevenlabs: 'IKne3meq5aSn9XLyUdCD',
      azure: 'de-DE-KillianNeural',
      espeak: 'de+m2',
    });
  });
});
