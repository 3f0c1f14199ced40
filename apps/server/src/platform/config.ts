import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import {
  ALARM_ESCALATION_DEFAULT_MS,
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

const fileStorage = (value: string | undefined, databaseUrl: string | null): FileStorageKind => {
  const v = text(value);
  if (v === null) return databaseUrl ? 'database' : 'disk';
  if (!(fileStorageKinds as readonly string[]).includes(v)) {
    throw new Error(`FILE_STORAGE must be disk or database, got "${v}"`);
  }
  return v as FileStorageKind;
};

const days = (name: string, value: string | undefined, fallback: number): number => {
  const v = text(value);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 3650)
    throw new Error(`${name} must be a whole number of days from 1 to 3650, got "${v}"`);
  return n;
};

/** How long a statement or a database connection may take unless DB_TIMEOUT_MS says otherwise. */
export const DEFAULT_DB_TIMEOUT_MS = 5000;

const milliseconds = (name: string, value: string | undefined, fallback: number): number => {
  const v = text(value);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1000 || n > 86_400_000)
    throw new Error(`${name} must be a whole number of milliseconds from 1000 to 86400000, got "${v}"`);
  return n;
};

const seconds = (name: string, value: string | undefined, fallback: number): number => {
  const v = text(value);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 86_400)
    throw new Error(`${name} must be a whole number of seconds from 0 to 86400, got "${v}"`);
  return n;
};

const whole = (name: string, value: string | undefined, fallback: number, min: number, max: number): number => {
  const v = text(value);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${v}"`);
  return n;
};

const secret = (name: string, value: string | undefined): string | null => {
  const v = text(value);
  if (v !== null && v.length < 32) throw new Error(`${name} must be at least 32 characters long`);
  return v;
};

const iceServers = (value: string | undefined): IceServer[] => {
  const v = text(value);
  if (v === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(v);
  } catch {
    throw new Error(`VOICE_ICE_SERVERS must be a JSON array of ICE servers, got "${v}"`);
  }
  const parsed = z.array(iceServer).max(10).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `VOICE_ICE_SERVERS must be a JSON array of at most 10 {"urls", "username"?, "credential"?}` +
        ` (${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid'}), got "${v}"`,
    );
  }
  for (const server of parsed.data) {
    for (const url of Array.isArray(server.urls) ? server.urls : [server.urls]) {
      if (!/^(stun|stuns|turn|turns):/.test(url))
        throw new Error(`VOICE_ICE_SERVERS: "${url}" is not a stun:, stuns:, turn: or turns: URL`);
    }
  }
  return parsed.data;
};

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

const port = (value: string | undefined, fallback: number): number => {
  const v = text(value);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`PORT must be an integer from 0 to 65535, got "${v}"`);
  return n;
};

const list = (value: string | undefined): string[] =>
  (text(value) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const origins = (value: string | undefined): string[] =>
  list(value).map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`SOCKET_ORIGINS must list origins like https://console.example.com, got "${entry}"`);
    }
    if (!['http:', 'https:'].includes(url.protocol))
      throw new Error(`SOCKET_ORIGINS must list http or https origins, got "${entry}"`);
    return url.origin;
  });

const trustProxy = (value: string | undefined): boolean | string[] => {
  const v = text(value);
  if (v === null || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};

export const DEFAULT_SCRYPT_LOG_N = 15;

/** A PEM setting given as its text (NAME) or as a file (NAME_FILE). */
const pem = (env: NodeJS.ProcessEnv, name: string): string | null => {
  const inline = text(env[name]);
  if (inline) return inline.replace(/\\n/g, '\n');
  const file = text(env[`${name}_FILE`]);
  return file ? readFileSync(file, 'utf8') : null;
};

const mqttTls = (env: NodeJS.ProcessEnv, host: string): AppConfig['mqttTls'] => {
  const cert = pem(env, 'MQTT_TLS_CERT');
  const key = pem(env, 'MQTT_TLS_KEY');
  if (!cert && !key) return null;
  if (!cert || !key) throw new Error('MQTT over TLS needs both MQTT_TLS_CERT(_FILE) and MQTT_TLS_KEY(_FILE)');
  return { port: port(env.MQTT_TLS_PORT, 8883), host: text(env.MQTT_TLS_HOST) ?? host, cert, key };
};

/** Reads the server's settings from environment variables (see apps/server/src/modules/README.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const host = text(env.HOST) ?? '0.0.0.0';
  const mqttHost = text(env.MQTT_HOST) ?? host;
  const databaseUrl = text(env.DATABASE_URL);
  return {
    port: port(env.PORT, 8080),
    host,
    dataDir: path.resolve(text(env.DATA_DIR) ?? './data'),
    databaseUrl,
    databaseTimeoutMs: milliseconds('DB_TIMEOUT_MS', env.DB_TIMEOUT_MS, DEFAULT_DB_TIMEOUT_MS),
    adminPassword: env.PATROL_ADMIN_PASSWORD ? env.PATROL_ADMIN_PASSWORD : null,
    logLevel: text(env.LOG_LEVEL) ?? 'info',
    mqttUrl: text(env.MQTT_URL),
    mqttPort: port(env.MQTT_PORT, 1883),
    mqttHost,
    mqttTls: mqttTls(env, mqttHost),
    mqttUsername: text(env.MQTT_USERNAME),
    mqttPassword: env.MQTT_PASSWORD ? env.MQTT_PASSWORD : null,
    mqttShareGroup: text(env.MQTT_SHARE_GROUP) ?? 'patrol-server',
    mqttDynsec: ['1', 'true'].includes(text(env.MQTT_DYNSEC) ?? ''),
    mqttBrokerThread: !['0', 'false'].includes(text(env.MQTT_BROKER_THREAD) ?? ''),
    redisUrl: text(env.REDIS_URL),
    scryptLogN: DEFAULT_SCRYPT_LOG_N,
    trustProxy: trustProxy(env.TRUST_PROXY),
    socketOrigins: origins(env.SOCKET_ORIGINS),
    webDist: text(env.WEB_DIST) ? path.resolve(text(env.WEB_DIST)!) : null,
    fileStorage: fileStorage(env.FILE_STORAGE, databaseUrl),
    alarmEscalationMs: milliseconds('ALARM_ESCALATION_MS', env.ALARM_ESCALATION_MS, ALARM_ESCALATION_DEFAULT_MS),
    scheduleGraceSeconds: seconds('SCHEDULE_GRACE_SECONDS', env.SCHEDULE_GRACE_SECONDS, 300),
    trackRetentionDays: days('TRACK_RETENTION_DAYS', env.TRACK_RETENTION_DAYS, 30),
    videoRetentionHours: whole('VIDEO_RETENTION_HOURS', env.VIDEO_RETENTION_HOURS, 24, 1, 8760),
    videoMaxMb: whole('VIDEO_MAX_MB', env.VIDEO_MAX_MB, 2048, 16, 10_485_760),
    videoUrlTtlS: whole('VIDEO_URL_TTL_SECONDS', env.VIDEO_URL_TTL_SECONDS, PLAY_URL_TTL_MS / 1000, 10, 86_400),
    mediaSecret: secret('MEDIA_SECRET', env.MEDIA_SECRET),
    voiceIceServers: iceServers(env.VOICE_ICE_SERVERS),
    voiceAnswerTimeoutMs: milliseconds('VOICE_ANSWER_TIMEOUT_MS', env.VOICE_ANSWER_TIMEOUT_MS, VOICE_ANSWER_TIMEOUT_MS),
    commandResultTimeoutMs: milliseconds(
      'COMMAND_RESULT_TIMEOUT_MS',
      env.COMMAND_RESULT_TIMEOUT_MS,
      COMMAND_RESULT_TIMEOUT_MS,
    ),
    shutdownDrainMs: whole('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 5000, 0, 300_000),
    instanceId: text(env.INSTANCE_ID) ?? `${hostname()}-${process.pid}`,
    metrics: {
      enabled: !['0', 'false'].includes(text(env.METRICS) ?? ''),
      token: text(env.METRICS_TOKEN),
      port: text(env.METRICS_PORT) === null ? null : port(env.METRICS_PORT, 0),
      host: text(env.METRICS_HOST) ?? '127.0.0.1',
    },
  };
}
