import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import {
  ALARM_ESCALATION_DEFAULT_MS,
  MASK,
  COMMAND_RESULT_TIMEOUT_MS,
  iceServer,
  PLAY_URL_TTL_MS,
  VOICE_ANSWER_TIMEOUT_MS,
  type IceServer,
} from '@patrol/contracts';
import { z } from 'zod';

/** Settings of one server process, read once from the environment at start. */
export type AppConfig = {
  port: number;
  host: string;
  /** Root of everything the server keeps on disk (embedded database, initial password file). */
  dataDir: string;
  /** PostgreSQL URL; when unset the embedded PGlite in `DATA_DIR/pglite` is used. */
  databaseUrl: string | null;
  /** DB_TIMEOUT_MS: the longest a statement or a database connection may take before the request answers 503. */
  databaseTimeoutMs: number;
  /** Password of the first administrator, used only when that account is created. */
  adminPassword: string | null;
  logLevel: string;
  /** An external MQTT broker (Mosquitto, EMQX); when unset the embedded broker listens on `mqttPort`. */
  mqttUrl: string | null;
  /** Port of the embedded broker (MQTT over TCP); 0 for a free one. */
  mqttPort: number;
  /** The address the embedded broker listens on: MQTT_HOST, else HOST. */
  mqttHost: string;
  /**
   * MQTT over TLS on the embedded broker: a PEM certificate (chain) and key (MQTT_TLS_CERT and
   * MQTT_TLS_KEY, or the files MQTT_TLS_CERT_FILE and MQTT_TLS_KEY_FILE), on MQTT_TLS_PORT (8883)
   * at MQTT_TLS_HOST (else MQTT_HOST); null without a certificate.
   */
  mqttTls: { port: number; host: string; cert: string; key: string } | null;
  /** Credentials of the server's own client on an external broker. */
  mqttUsername: string | null;
  mqttPassword: string | null;
  /**
   * The external broker is a Mosquitto whose dynamic-security plugin enforces robot identities;
   * the server provisions each robot there (MQTT_DYNSEC=1; MQTT_USERNAME is a dynsec administrator).
   */
  mqttDynsec: boolean;
  /** Shared-subscription group of the instances on an external broker (MQTT_SHARE_GROUP). */
  mqttShareGroup: string;
  /** Runs the embedded broker on a worker thread of its own (the default; MQTT_BROKER_THREAD=0 keeps it on the main thread). */
  mqttBrokerThread?: boolean;
  /** Redis for the bus between several server instances; in-process when unset. */
  redisUrl: string | null;
  /**
   * log2 of the scrypt cost used for new password hashes. Stored hashes carry their own
   * parameters, so changing it never locks anyone out.
   */
  scryptLogN: number;
  /** Trust X-Forwarded-For from a reverse proxy: true, or the proxy addresses. */
  trustProxy: boolean | string[];
  /**
   * Origins (`https://console.example.com`) whose pages may open the console socket besides the
   * console's own host (SOCKET_ORIGINS, comma-separated).
   */
  socketOrigins: string[];
  /** The console build to serve; null for the repository's apps/web/dist. */
  webDist: string | null;
  /**
   * Where files the server receives (alarm images) are kept: `disk` under `DATA_DIR/files` (one
   * instance) or `database` (the `stored_files` table, shared by several instances). FILE_STORAGE;
   * `database` by default when DATABASE_URL is set, else `disk`.
   */
  fileStorage: FileStorageKind;
  /** An alarm nobody handled within this long is escalated to the tenant's administrators (ALARM_ESCALATION_MS). */
  alarmEscalationMs: number;
  /**
   * A schedule's planned time missed while no instance dispatched (all down) still runs once when
   * it is at most this old; an older one is recorded as missed (SCHEDULE_GRACE_SECONDS, 300).
   */
  scheduleGraceSeconds: number;
  /** Track points older than this many days are purged, once a day (TRACK_RETENTION_DAYS, 1 to 3650). */
  trackRetentionDays: number;
  /** Embedded video (DATA_DIR/media) older than this many hours is deleted (VIDEO_RETENTION_HOURS, 1 to 8760; 24). */
  videoRetentionHours: number;
  /** The most embedded video kept on disk, MiB; the oldest hours go first (VIDEO_MAX_MB, 16 to 10485760; 2048). */
  videoMaxMb: number;
  /** How long a signed play URL opens its stream, seconds (VIDEO_URL_TTL_SECONDS, 10 to 86400; 300). */
  videoUrlTtlS: number;
  /**
   * The key that signs play URLs (MEDIA_SECRET, at least 32 characters); when unset, a key generated
   * once and kept in the database, shared by every instance (docs/video.md).
   */
  mediaSecret: string | null;
  /**
   * The STUN and TURN servers of live announcements, given to the browser and the robot
   * (VOICE_ICE_SERVERS, a JSON array of `{urls, username?, credential?}`; none by default: on a
   * LAN, host candidates suffice).
   */
  voiceIceServers: IceServer[];
  /** The robot's answer to an announcement's offer must arrive within this long (VOICE_ANSWER_TIMEOUT_MS, 10000). */
  voiceAnswerTimeoutMs: number;
  /**
   * A command the robot accepted is closed as "no result" when its result has not come within this
   * long (COMMAND_RESULT_TIMEOUT_MS, 1000 to 86400000; 15 minutes).
   */
  commandResultTimeoutMs?: number;
  /**
   * On SIGTERM readiness answers 503 at once and the instance keeps serving this long before it
   * closes, so a load balancer stops sending it traffic first (SHUTDOWN_DRAIN_MS, 0 to 300000; 5000).
   */
  shutdownDrainMs: number;
  /** This instance's name in every log line (`instance`): INSTANCE_ID, else `<hostname>-<pid>`. */
  instanceId: string;
  /**
   * `/metrics` (Prometheus text format): on unless METRICS is 0 or false; a bearer token when
   * METRICS_TOKEN is set; on its own management address (METRICS_PORT at METRICS_HOST, 127.0.0.1 by
   * default) instead of the main port when METRICS_PORT is set.
   */
  metrics: { enabled: boolean; token: string | null; port: number | null; host: string };
};

export const fileStorageKinds = ['disk', 'database'] as const;
export type FileStorageKind = (typeof fileStorageKinds)[number];

/** How long a statement or a database connection may take unless DB_TIMEOUT_MS says otherwise. */
export const DEFAULT_DB_TIMEOUT_MS = 5000;

export const DEFAULT_SCRYPT_LOG_N = 15;

/**
 * One setting of the server: its name, its default as an operator reads it, whether its value may
 * come from a file (`NAME_FILE`), and how `check-config` shows it (`secret`: not at all; `url`:
 * without the password in it; `ice`: without the credentials in it).
 */
export type Setting = {
  name: string;
  default: string;
  file?: boolean;
  mask?: 'secret' | 'url' | 'ice';
};

/**
 * Every setting the server reads: the one list that the configuration file's keys, the `NAME_FILE`
 * variables and `check-config` are checked against (and the README's table, by a test).
 */
export const SETTINGS: readonly Setting[] = [
  { name: 'PORT', default: '8080' },
  { name: 'HOST', default: '0.0.0.0' },
  { name: 'DATA_DIR', default: './data' },
  { name: 'DATABASE_URL', default: '', file: true, mask: 'url' },
  { name: 'DB_TIMEOUT_MS', default: String(DEFAULT_DB_TIMEOUT_MS) },
  { name: 'PATROL_ADMIN_PASSWORD', default: '', file: true, mask: 'secret' },
  { name: 'LOG_LEVEL', default: 'info' },
  { name: 'TRUST_PROXY', default: '' },
  { name: 'SOCKET_ORIGINS', default: '' },
  { name: 'WEB_DIST', default: 'apps/web/dist' },
  { name: 'MQTT_PORT', default: '1883' },
  { name: 'MQTT_HOST', default: '(HOST)' },
  { name: 'MQTT_TLS_CERT', default: '', file: true },
  { name: 'MQTT_TLS_KEY', default: '', file: true, mask: 'secret' },
  { name: 'MQTT_TLS_PORT', default: '8883' },
  { name: 'MQTT_TLS_HOST', default: '(MQTT_HOST)' },
  { name: 'MQTT_URL', default: '', file: true, mask: 'url' },
  { name: 'MQTT_USERNAME', default: '', file: true },
  { name: 'MQTT_PASSWORD', default: '', file: true, mask: 'secret' },
  { name: 'MQTT_DYNSEC', default: '0' },
  { name: 'MQTT_BROKER_THREAD', default: '1' },
  { name: 'MQTT_SHARE_GROUP', default: 'patrol-server' },
  { name: 'REDIS_URL', default: '', file: true, mask: 'url' },
  { name: 'FILE_STORAGE', default: '(database with DATABASE_URL, else disk)' },
  { name: 'ALARM_ESCALATION_MS', default: String(ALARM_ESCALATION_DEFAULT_MS) },
  { name: 'SCHEDULE_GRACE_SECONDS', default: '300' },
  { name: 'TRACK_RETENTION_DAYS', default: '30' },
  { name: 'VIDEO_RETENTION_HOURS', default: '24' },
  { name: 'VIDEO_MAX_MB', default: '2048' },
  { name: 'VIDEO_URL_TTL_SECONDS', default: String(PLAY_URL_TTL_MS / 1000) },
  { name: 'VOICE_ICE_SERVERS', default: '[]', mask: 'ice' },
  { name: 'VOICE_ANSWER_TIMEOUT_MS', default: String(VOICE_ANSWER_TIMEOUT_MS) },
  { name: 'COMMAND_RESULT_TIMEOUT_MS', default: String(COMMAND_RESULT_TIMEOUT_MS) },
  { name: 'MEDIA_SECRET', default: '', file: true, mask: 'secret' },
  { name: 'SHUTDOWN_DRAIN_MS', default: '5000' },
  { name: 'INSTANCE_ID', default: '(<hostname>-<pid>)' },
  { name: 'METRICS', default: '1' },
  { name: 'METRICS_TOKEN', default: '', file: true, mask: 'secret' },
  { name: 'METRICS_PORT', default: '' },
  { name: 'METRICS_HOST', default: '127.0.0.1' },
];

/** Names every setting may be given under: NAME, and NAME_FILE for those read from a file. */
const KNOWN_NAMES = new Set(SETTINGS.flatMap((s) => (s.file ? [s.name, `${s.name}_FILE`] : [s.name])));

/** The settings are wrong; `problems` says each wrong one in one sentence (name, what it must be, what it got). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Where a setting's value came from, as `check-config` says it. */
export type SettingSource = 'environment' | 'config file' | 'file' | 'default';

/** A setting's value as `check-config` shows it: secrets masked, defaults named. */
export type EffectiveSetting = { name: string; value: string; source: SettingSource; path?: string };

type Raw = { value: string; source: Exclude<SettingSource, 'default'>; path?: string };

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Levenshtein distance, for "did you mean" on a misspelt key of the configuration file. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

const suggestion = (key: string): string => {
  const upper = key.toUpperCase();
  let best: string | null = null;
  let bestDistance = 3;
  for (const name of KNOWN_NAMES) {
    const d = distance(upper, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best ? ` (did you mean ${best}?)` : '';
};

/**
 * The configuration file named by PATROL_CONFIG: `KEY=value` lines, `#` comment lines and blank
 * lines; `export ` before a key and quotes around a value ('…' or "…") are allowed and taken off.
 * A value is the whole rest of its line: a `#` in it is part of it. Not util.parseEnv: it runs a
 * line without `=` into the next key and cuts a value at `#`, where this names the line instead.
 */
function readConfigFile(file: string, problems: string[]): Map<string, { value: string; line: number }> {
  const found = new Map<string, { value: string; line: number }>();
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    problems.push(
      `PATROL_CONFIG must name a readable file, got "${file}" (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}).`,
    );
    return found;
  }
  content.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(trimmed);
    if (!m) {
      problems.push(`PATROL_CONFIG file ${file}, line ${line}: must be KEY=value, got a line without a key and "=".`);
      return;
    }
    const key = m[1]!;
    let value = m[2]!.trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) {
      value = value.slice(1, -1);
    }
    if (key === 'PATROL_CONFIG') {
      problems.push(`PATROL_CONFIG file ${file}, line ${line}: PATROL_CONFIG can only be set in the environment.`);
    } else if (!KNOWN_NAMES.has(key)) {
      problems.push(
        `PATROL_CONFIG file ${file}, line ${line}: ${key} is not a setting of the console${suggestion(key)}.`,
      );
    } else if (found.has(key)) {
      problems.push(
        `PATROL_CONFIG file ${file}, line ${line}: ${key} is set again (first on line ${found.get(key)!.line}).`,
      );
    } else {
      found.set(key, { value, line });
    }
  });
  return found;
}

/**
 * The raw value of every setting that is set: from the environment, else from the configuration
 * file; in either, a setting read from a file is given as NAME_FILE (the file's content, its
 * trailing newline taken off). A setting whose NAME or NAME_FILE is in the environment ignores the
 * configuration file's.
 */
function rawSettings(env: NodeJS.ProcessEnv, problems: string[]): Map<string, Raw> {
  const configPath = text(env.PATROL_CONFIG);
  const fromFile = configPath ? readConfigFile(configPath, problems) : new Map<string, { value: string }>();
  const raw = new Map<string, Raw>();
  for (const setting of SETTINGS) {
    const fileName = `${setting.name}_FILE`;
    const inEnv = text(env[setting.name]) !== null || (setting.file && text(env[fileName]) !== null);
    const get = (key: string) => (inEnv ? env[key] : fromFile.get(key)?.value);
    const where = inEnv ? 'the environment' : `the configuration file ${configPath}`;
    const source = inEnv ? 'environment' : 'config file';
    const inline = get(setting.name);
    const path = setting.file ? text(get(fileName)) : null;
    if (text(inline) !== null && path !== null) {
      problems.push(`${setting.name} and ${fileName} are both set in ${where}: set only one of them.`);
      continue;
    }
    if (path !== null) {
      let content: string;
      try {
        content = readFileSync(path, 'utf8').replace(/(\r?\n)+$/, '');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
        problems.push(`${fileName} must name a readable file, got "${path}" (${code}).`);
        continue;
      }
      if (!content) problems.push(`${fileName} must name a file holding the value, got the empty file "${path}".`);
      else raw.set(setting.name, { value: content, source: 'file', path });
    } else if (text(inline) !== null) {
      raw.set(setting.name, { value: inline!, source, ...(source === 'config file' ? { path: configPath! } : {}) });
    }
  }
  return raw;
}

const isAddress = (v: string) => isIP(v) !== 0 || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(v);

/** A URL as it may be shown: the password in it masked. */
function maskedUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = MASK;
    return url.toString();
  } catch {
    return MASK;
  }
}

function maskedIce(value: string): string {
  try {
    return JSON.stringify(
      (JSON.parse(value) as unknown[]).map((s) =>
        s && typeof s === 'object' && 'credential' in s ? { ...s, credential: MASK } : s,
      ),
    );
  } catch {
    return MASK;
  }
}

/**
 * The settings' values as `check-config` prints them: each setting's value and where it came from
 * (the environment, the configuration file, its NAME_FILE, or its default); secrets masked.
 */
export function effectiveSettings(env: NodeJS.ProcessEnv = process.env): EffectiveSetting[] {
  const raw = rawSettings(env, []);
  return SETTINGS.map((s): EffectiveSetting => {
    const r = raw.get(s.name);
    if (!r) return { name: s.name, value: s.default, source: 'default' };
    const value =
      s.mask === 'secret'
        ? MASK
        : s.mask === 'url'
          ? maskedUrl(r.value.trim())
          : s.mask === 'ice'
            ? maskedIce(r.value.trim())
            : r.value.trim();
    return { name: s.name, value, source: r.source, ...(r.path ? { path: r.path } : {}) };
  });
}

/**
 * Reads the server's settings from the environment (and the configuration file PATROL_CONFIG, and
 * the files named by NAME_FILE), checking every one: a wrong setting throws a ConfigError listing
 * every problem found, not only the first.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const raw = rawSettings(env, problems);
  /** The setting's value, trimmed; null when unset. */
  const get = (name: string): string | null => text(raw.get(name)?.value);
  /** The setting's value as given (a password keeps its spaces); null when unset. */
  const exact = (name: string): string | null => raw.get(name)?.value || null;
  const problem = (message: string) => {
    problems.push(message);
  };

  const whole = (name: string, fallback: number, min: number, max: number, unit = ''): number => {
    const v = get(name);
    if (v === null) return fallback;
    const n = Number(v);
    if (/^\d+$/.test(v) && n >= min && n <= max) return n;
    problem(`${name} must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}, got "${v}".`);
    return fallback;
  };
  const milliseconds = (name: string, fallback: number) => whole(name, fallback, 1000, 86_400_000, 'milliseconds');
  const port = (name: string, fallback: number) => {
    const v = get(name);
    if (v === null) return fallback;
    const n = Number(v);
    if (/^\d+$/.test(v) && n <= 65535) return n;
    problem(`${name} must be an integer from 0 to 65535, got "${v}".`);
    return fallback;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const v = get(name)?.toLowerCase() ?? null;
    if (v === null) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problem(`${name} must be 1 or 0 (true or false), got "${get(name)}".`);
    return fallback;
  };
  const address = (name: string, fallback: string): string => {
    const v = get(name);
    if (v === null) return fallback;
    if (isAddress(v)) return v;
    problem(`${name} must be an IP address or a host name, got "${v}".`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const v = get(name);
    if (v === null) return null;
    let parsed: URL | null = null;
    try {
      parsed = new URL(v);
    } catch {
      // Not echoed: it may hold a password.
    }
    if (parsed && protocols.includes(parsed.protocol.slice(0, -1))) return v;
    const got = parsed ? `"${maskedUrl(v)}"` : 'a value that is not a URL';
    problem(`${name} must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}, got ${got}.`);
    return null;
  };

  const host = address('HOST', '0.0.0.0');
  const mqttHost = address('MQTT_HOST', host);
  const databaseUrl = url('DATABASE_URL', ['postgres', 'postgresql']);
  const appPort = port('PORT', 8080);

  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problem(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }

  const trustProxy = ((): boolean | string[] => {
    const v = get('TRUST_PROXY');
    if (v === null || v === 'false' || v === '0') return false;
    if (v === 'true' || v === '1') return true;
    const entries = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const [ip, bits, ...rest] = entry.split('/');
      const cidr = isIP(ip!) !== 0 && (bits === undefined || (/^\d+$/.test(bits) && rest.length === 0));
      if (!cidr && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
        problem(`TRUST_PROXY must be true, false or a list of proxy addresses (IP or CIDR), got "${entry}".`);
      }
    }
    return entries;
  })();

  const socketOrigins = (get('SOCKET_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      let parsed: URL;
      try {
        parsed = new URL(entry);
      } catch {
        problem(`SOCKET_ORIGINS must list origins like https://console.example.com, got "${entry}".`);
        return [];
      }
      if (!['http:', 'https:'].includes(parsed.protocol)) {
        problem(`SOCKET_ORIGINS must list http or https origins, got "${entry}".`);
        return [];
      }
      return [parsed.origin];
    });

  /** A PEM setting: its text (with `\n` for line breaks), or a file with NAME_FILE. */
  const pem = (name: string): string | null => {
    const r = raw.get(name);
    if (!r) return null;
    return r.source === 'file' ? r.value : r.value.trim().replace(/\\n/g, '\n');
  };
  const mqttTls = ((): AppConfig['mqttTls'] => {
    const cert = pem('MQTT_TLS_CERT');
    const key = pem('MQTT_TLS_KEY');
    const tlsPort = port('MQTT_TLS_PORT', 8883);
    const tlsHost = address('MQTT_TLS_HOST', mqttHost);
    if (!cert && !key) return null;
    if (!cert || !key) {
      problem('MQTT over TLS needs both MQTT_TLS_CERT(_FILE) and MQTT_TLS_KEY(_FILE), got only one of them.');
      return null;
    }
    return { port: tlsPort, host: tlsHost, cert, key };
  })();

  const shareGroup = get('MQTT_SHARE_GROUP') ?? 'patrol-server';
  if (!/^[^/+#\s]+$/.test(shareGroup)) {
    problem(`MQTT_SHARE_GROUP must be one MQTT topic level (no "/", "+", "#" or spaces), got "${shareGroup}".`);
  }

  const fileStorage = ((): FileStorageKind => {
    const v = get('FILE_STORAGE');
    if (v === null) return databaseUrl ? 'database' : 'disk';
    if ((fileStorageKinds as readonly string[]).includes(v)) return v as FileStorageKind;
    problem(`FILE_STORAGE must be disk or database, got "${v}".`);
    return databaseUrl ? 'database' : 'disk';
  })();

  const mediaSecret = exact('MEDIA_SECRET') === null ? null : get('MEDIA_SECRET');
  if (mediaSecret !== null && mediaSecret.length < 32) {
    problem(`MEDIA_SECRET must be at least 32 characters long, got ${mediaSecret.length}.`);
  }

  const voiceIceServers = ((): IceServer[] => {
    const v = get('VOICE_ICE_SERVERS');
    if (v === null) return [];
    let json: unknown;
    try {
      json = JSON.parse(v);
    } catch {
      problem(`VOICE_ICE_SERVERS must be a JSON array of ICE servers, got "${maskedIce(v)}".`);
      return [];
    }
    const parsed = z.array(iceServer).max(10).safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problem(
        `VOICE_ICE_SERVERS must be a JSON array of at most 10 {"urls", "username"?, "credential"?}` +
          ` (${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid'}), got "${maskedIce(v)}".`,
      );
      return [];
    }
    for (const server of parsed.data) {
      for (const u of Array.isArray(server.urls) ? server.urls : [server.urls]) {
        if (!/^(stun|stuns|turn|turns):/.test(u)) {
          problem(`VOICE_ICE_SERVERS must list stun:, stuns:, turn: or turns: URLs, got "${u}".`);
        }
      }
    }
    return parsed.data;
  })();

  const instanceId = get('INSTANCE_ID') ?? `${hostname()}-${process.pid}`;
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/.test(instanceId)) {
    problem(`INSTANCE_ID must be 1 to 100 letters, digits, ".", "_", ":" or "-", got "${instanceId}".`);
  }

  const metricsPort = get('METRICS_PORT') === null ? null : port('METRICS_PORT', 0);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === appPort) {
    problem(`METRICS_PORT must differ from PORT (the main port), got ${metricsPort} for both.`);
  }

  const config: AppConfig = {
    port: appPort,
    host,
    dataDir: path.resolve(get('DATA_DIR') ?? './data'),
    databaseUrl,
    databaseTimeoutMs: milliseconds('DB_TIMEOUT_MS', DEFAULT_DB_TIMEOUT_MS),
    adminPassword: exact('PATROL_ADMIN_PASSWORD'),
    logLevel,
    mqttUrl: url('MQTT_URL', ['mqtt', 'mqtts', 'tcp', 'tls', 'ssl', 'ws', 'wss']),
    mqttPort: port('MQTT_PORT', 1883),
    mqttHost,
    mqttTls,
    mqttUsername: get('MQTT_USERNAME'),
    mqttPassword: exact('MQTT_PASSWORD'),
    mqttShareGroup: shareGroup,
    mqttDynsec: flag('MQTT_DYNSEC', false),
    mqttBrokerThread: flag('MQTT_BROKER_THREAD', true),
    redisUrl: url('REDIS_URL', ['redis', 'rediss']),
    scryptLogN: DEFAULT_SCRYPT_LOG_N,
    trustProxy,
    socketOrigins,
    webDist: get('WEB_DIST') ? path.resolve(get('WEB_DIST')!) : null,
    fileStorage,
    alarmEscalationMs: milliseconds('ALARM_ESCALATION_MS', ALARM_ESCALATION_DEFAULT_MS),
    scheduleGraceSeconds: whole('SCHEDULE_GRACE_SECONDS', 300, 0, 86_400, 'seconds'),
    trackRetentionDays: whole('TRACK_RETENTION_DAYS', 30, 1, 3650, 'days'),
    videoRetentionHours: whole('VIDEO_RETENTION_HOURS', 24, 1, 8760),
    videoMaxMb: whole('VIDEO_MAX_MB', 2048, 16, 10_485_760),
    videoUrlTtlS: whole('VIDEO_URL_TTL_SECONDS', PLAY_URL_TTL_MS / 1000, 10, 86_400),
    mediaSecret,
    voiceIceServers,
    voiceAnswerTimeoutMs: milliseconds('VOICE_ANSWER_TIMEOUT_MS', VOICE_ANSWER_TIMEOUT_MS),
    commandResultTimeoutMs: milliseconds('COMMAND_RESULT_TIMEOUT_MS', COMMAND_RESULT_TIMEOUT_MS),
    shutdownDrainMs: whole('SHUTDOWN_DRAIN_MS', 5000, 0, 300_000, 'milliseconds'),
    instanceId,
    metrics: {
      enabled: flag('METRICS', true),
      token: exact('METRICS_TOKEN') === null ? null : get('METRICS_TOKEN'),
      port: metricsPort,
      host: address('METRICS_HOST', '127.0.0.1'),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** pino's levels, and `silent`. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
