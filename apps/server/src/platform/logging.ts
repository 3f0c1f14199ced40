import { hostname } from 'node:os';
import { stdSerializers, type LoggerOptions } from 'pino';
import { MASK } from '@patrol/contracts';
import { VERSION } from './version.js';

/** Names of values that never reach a log or the operation log: passwords, digests, tokens, keys. */
export const SECRET_NAME = /pass|pwd|token|secret|private|credential|(^|[_-]|[a-z])key$|^authorization$|^cookie$/i;

/**
 * A copy of `value` with every secret replaced by the mask, at any depth. Only plain objects and
 * arrays are walked: errors, requests and other class instances are left to their serializers.
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_NAME.test(key) ? MASK : maskSecrets(v, depth + 1);
  }
  return out;
}

/**
 * A request body as a log may keep it: a text body (sent as `text/plain` or any type the server
 * reads as text) is read as JSON and masked when it is JSON, and otherwise kept as its length only,
 * since a secret in it cannot be told apart.
 */
export function maskBody(body: unknown): unknown {
  if (typeof body !== 'string') return maskSecrets(body);
  try {
    return maskSecrets(JSON.parse(body));
  } catch {
    return `[${body.length} characters of text]`;
  }
}

/** Query parameters named like a secret, in a URL as logged. */
function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const key of [...query.keys()]) if (SECRET_NAME.test(key)) query.set(key, MASK);
  return `${url.slice(0, at)}?${query.toString()}`;
}

type SerializedError = Record<string, unknown> & { message?: string; stack?: string };

/**
 * An error as logged: the standard fields, with a failed SQL statement's parameters (which may be
 * password hashes or keys) left out of its fields, message and stack, and secrets masked.
 */
function safeError(err: unknown): unknown {
  const out = stdSerializers.err(err as Error) as unknown as SerializedError;
  if (out === err || typeof out !== 'object' || out === null) return out;
  // The database echoes a refused value in its own message too ("invalid input syntax: ..."), so
  // each parameter's text is taken out wherever it shows.
  const params = (err as { params?: unknown }).params;
  const values = (Array.isArray(params) ? params : [])
    .map((p) => (typeof p === 'string' ? p : p instanceof Date || p === null ? '' : (JSON.stringify(p) ?? '')))
    .filter((p) => p.length >= 4)
    .sort((a, b) => b.length - a.length);
  const scrub = (text: string) =>
    values.reduce((t, v) => t.replaceAll(v, MASK), text.replace(/(^|\n)params: [^\n]*/g, `$1params: ${MASK}`));
  const clean: SerializedError = {};
  for (const [key, value] of Object.entries(out)) {
    if (key === 'params' || key === 'parameters') clean[key] = MASK;
    else if (typeof value === 'string') clean[key] = scrub(value);
    else clean[key] = SECRET_NAME.test(key) ? MASK : maskSecrets(value);
  }
  return clean;
}

/** The request as logged: Fastify's usual fields, with secrets in the query masked. */
function safeRequest(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: maskUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * pino options of the server: the level from LOG_LEVEL; every line names the instance (INSTANCE_ID,
 * else `<hostname>-<pid>`) and the version; no secret in any line, at any level, in any field at any
 * depth, in an error's SQL parameters or in a URL's query.
 */
export function loggerOptions(level: string, instance = `${hostname()}-${process.pid}`): LoggerOptions {
  return {
    level,
    base: { pid: process.pid, hostname: hostname(), instance, version: VERSION },
    serializers: { err: safeError, error: safeError, req: safeRequest },
    formatters: { log: (object) => maskSecrets(object) as Record<string, unknown> },
  };
}
