// Azure Speech fake. Shapes from learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech: GET
// /cognitiveservices/voices/list and POST /cognitiveservices/v1 with Ocp-Apim-Subscription-Key, Content-Type
// application/ssml+xml, X-Microsoft-OutputFormat, User-Agent; answers 400 (bad SSML), 401 (bad key), 415 (wrong type),
// 429 (too many requests), 502 (network/server) with no body.
import { FAKE_MP3, startFake, type Fake, type Received } from './fake-http';

export const AZURE_KEY = 'az-fake-0123456789abcdef';

export function startAzureSpeech(port: number, key = AZURE_KEY): Promise<Fake> {
  const authorized = (r: Received) => r.headers['ocp-apim-subscription-key'] === key;
  return startFake(port, {
    authorized,
    route(r) {
      if (r.method === 'GET' && r.path === '/cognitiveservices/voices/list') {
        return authorized(r)
          ? {
              status: 200,
              json: [
                {
                  Name: 'Microsoft Server Speech Text to Speech Voice (de-DE, KatjaNeural)',
                  ShortName: 'de-DE-KatjaNeural',
                  Gender: 'Female',
                  Locale: 'de-DE',
                },
              ],
            }
          : { status: 401 };
      }
      if (r.method === 'POST' && r.path === '/cognitiveservices/v1') {
        if (!authorized(r)) return { status: 401 };
        if (!(r.headers['content-type'] ?? '').startsWith('application/ssml+xml')) return { status: 415 };
        if (!r.headers['x-microsoft-outputformat']) return { status: 400 };
        if (!/^<speak[\s>][\s\S]*<voice name=[\s\S]*<\/speak>$/.test(r.body.trim())) return { status: 400 };
        return { status: 200, body: FAKE_MP3, headers: { 'Content-Type': 'audio/mpeg' } };
      }
      return undefined;
    },
    error: (status) => ({ status }),
  });
}
