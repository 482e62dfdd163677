// Where each provider lives and which key it takes: settings from the environment, keys saved in Admin first.
export const PROVIDERS = {
  openai: { urlEnv: 'OPENAI_API_URL', url: 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY' },
  elevenlabs: { urlEnv: 'ELEVENLABS_API_URL', url: 'https://api.elevenlabs.io', keyEnv: 'ELEVENLABS_API_KEY' },
  azure: { urlEnv: 'AZURE_SPEECH_URL', url: 'https://westeurope.tts.speech.microsoft.com', keyEnv: 'AZURE_SPEECH_KEY' },
  heygen: { urlEnv: 'HEYGEN_API_URL', url: 'https://api.heygen.com', keyEnv: 'HEYGEN_API_KEY' },
  tavus: { urlEnv: 'TAVUS_API_URL', url: 'https://tavusapi.com', keyEnv: 'TAVUS_API_KEY' },
  did: { urlEnv: 'DID_API_URL', url: 'https://api.d-id.com', keyEnv: 'DID_API_KEY' },
  modelslab: { urlEnv: 'MODELSLAB_API_URL', url: 'https://modelslab.com/api', keyEnv: 'MODELSLAB_API_KEY' },
  vidau: { urlEnv: 'VIDAU_API_URL', url: 'https://openapi.vidau.ai', keyEnv: 'VIDAU_API_KEY' },
  telegram: { urlEnv: 'TELEGRAM_API_URL', url: 'https://api.telegram.org', keyEnv: 'TELEGRAM_BOT_TOKEN' },
  facebook: { urlEnv: 'FACEBOOK_GRAPH_URL', url: 'https://graph.facebook.com/v23.0', keyEnv: 'FACEBOOK_PAGE_TOKEN' },
  instagram: {
    urlEnv: 'FACEBOOK_GRAPH_URL',
    url: 'https://graph.facebook.com/v23.0',
    keyEnv: 'INSTAGRAM_ACCESS_TOKEN',
  },
  youtube: { urlEnv: 'YOUTUBE_API_URL', url: 'https://www.googleapis.com', keyEnv: 'YOUTUBE_ACCESS_TOKEN' },
  tiktok: { urlEnv: 'TIKTOK_API_URL', url: 'https://open.tiktokapis.com', keyEnv: 'TIKTOK_ACCESS_TOKEN' },
  // prov-keys: the two stock-media services of Admin → API Keys, so their keys are stored and tested like the others.
  pexels: { urlEnv: 'PEXELS_API_URL', url: 'https://api.pexels.com', keyEnv: 'PEXELS_API_KEY' },
  unsplash: { urlEnv: 'UNSPLASH_API_URL', url: 'https://api.unsplash.com', keyEnv: 'UNSPLASH_ACCESS_KEY' },
} as const satisfies Record<string, { urlEnv: string; url: string; keyEnv: string }>;

export type ProviderName = keyof typeof PROVIDERS;

/** A store of keys the operator saved in Admin (encrypted at rest); `undefined` when none is saved. */
export interface KeyStore {
  get(provider: ProviderName): Promise<string | undefined>;
}

export interface Credentials {
  /** The provider's base URL without a trailing slash: its setting, else the public address. */
  url(provider: ProviderName): string;
  /** The key or token: saved in Admin first, else the environment; `undefined` when neither has one. */
  key(provider: ProviderName): Promise<string | undefined>;
  /** Any other setting by its environment name (TELEGRAM_CHAT_ID, OPENAI_MODEL, AZURE_SPEECH_REGION, …). */
  setting(name: string): string | undefined;
}

type Source = Record<string, string | undefined>;

const present = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value.trim() : undefined;

/** Credentials read from an environment, with an optional store of saved keys taking precedence. */
export function createCredentials(source: Source = process.env, store?: KeyStore): Credentials {
  return {
    url: (provider) => (present(source[PROVIDERS[provider].urlEnv]) ?? PROVIDERS[provider].url).replace(/\/+$/, ''),
    key: async (provider) => (await store?.get(provider)) ?? present(source[PROVIDERS[provider].keyEnv]),
    setting: (name) => present(source[name]),
  };
}
