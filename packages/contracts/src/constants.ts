/** Business constants of the console (spec section 9), shared by the console and the server. */
export const APP_VERSION = '1.0.1';

export const REQUEST_TIMEOUT_MS = 50_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The login cookie and the server session both last one day. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const LOGIN_COOKIE_DAYS = 1;

export const HOME_ROUTE_NAME = 'home';
export const DEFAULT_TENANT_ID = 1;
export const PLATFORM_TENANT_ID = 1;

/** The stricter of the spec's two readings of the password rule (see docs/decisions.md). */
export const PASSWORD_POLICY = {
  minLength: 8,
  maxLength: 15,
  /** A run of this many consecutive ascending or descending digits is refused. */
  forbiddenDigitRun: 4,
  /** At most this many identical adjacent characters. */
  maxRepeat: 4,
} as const;

/**
 * Limits on every secret check (sign-in, expose connection password, external-access token, the old
 * password of a change), see docs/decisions.md "Brute force and password checks": `maxFailures`
 * failures of one account from one address within the window lock that pair for `lockMs`, doubled at
 * each further lock up to `maxLockMs`; `accountMaxFailures` failures of one account from all
 * addresses lock it for every address that has not signed in to it within `trustedForMs`.
 */
export const LOGIN_LOCK = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  maxLockMs: 24 * 60 * 60 * 1000,
  accountMaxFailures: 100,
  trustedForMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const MULTICAST_NAME = { min: 1, max: 50 } as const;
export const AUDIO_UPLOAD = { maxBytes: 50 * 1024 * 1024, mime: 'audio/mpeg', extension: '.mp3' } as const;
export const FENCE_MIN_NODES = 3;

export const LAYOUT = {
  menuWidth: 256,
  menuCollapsedWidth: 64,
  tagScrollStep: 240,
  minScreenWidth: 1366,
  minScreenHeight: 768,
  scaleReferenceWidth: 1600,
  maxScale: 1,
} as const;

export const NOTICE_PAGE_SIZE = 15;
export const MUTE_CHOICES_SECONDS = [30, 60, 90, 120] as const;

export const MAP_DEFAULTS = { zoom: 18, minZoom: 7, maxZoom: 29, maxNativeZoom: 18, trackWidth: 4 } as const;

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Request headers the console sends with every call (spec section 7). */
export const HEADERS = { language: 'lang', tenant: 'tenant-id', authorization: 'authorization' } as const;

/** Config keys the console reads at start (spec section 3). */
export const CONFIG_KEYS = ['msgSocketUrl', 'leafletConfig', 'defaultMapUrl', '3dDashboardUrl'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Picks the supported language closest to a header value such as `zh-TW` or `en-GB,en;q=0.9`. */
export function resolveLanguage(value: string | undefined | null): Language {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (!tag) continue;
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}
