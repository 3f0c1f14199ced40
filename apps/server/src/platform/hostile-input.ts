import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * What every API request is checked for before its schemas run, so that no route needs to think of
 * it: a JSON body that is not an object, prototype keys in a body, and NUL characters (PostgreSQL
 * cannot store U+0000 in text) anywhere in the path, query or body. Each is refused with a 4xx
 * before the handler runs, so nothing changes.
 */

/** Keys that would reach an object's prototype when merged or spread somewhere. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor']);
/** A body that may hold a prototype key, written plainly or with escapes. */
const MAY_HOLD_PROTOTYPE_KEY = /__proto__|constructor|\\u/;

class PrototypeKeyError extends Error {}

/**
 * The JSON body parser of the whole server: JSON.parse, refusing `__proto__` and `constructor`
 * keys at any depth with 400 (`errors.prototypeKey`); malformed or empty JSON is the
 * usual 400. Only bodies whose text could hold such a key are walked.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(Object.assign(new Error('empty JSON body'), { statusCode: 400 }), undefined);
    try {
      const parsed: unknown = MAY_HOLD_PROTOTYPE_KEY.test(text)
        ? JSON.parse(text, (key, value: unknown) => {
            if (PROTOTYPE_KEYS.has(key)) throw new PrototypeKeyError(key);
            return value;
          })
        : JSON.parse(text);
      done(null, parsed);
    } catch (error) {
      if (error instanceof PrototypeKeyError) return done(new AppError(400, 'errors.prototypeKey'), undefined);
      done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });
}

/** The first NUL character in a value: the field path it is at (`a.0.b`), or null. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = findNul(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

const nulAt = (path: string) =>
  new AppError(422, 'errors.validation', undefined, [{ path, key: 'validation.nulCharacter' }]);

/**
 * The `preValidation` hook of a route: refuses a body that is not a JSON object when the route
 * takes one (422, `errors.bodyNotObject`) and a NUL character in any path, query or body value
 * (422, under the field).
 */
export function refuseHostileInput(takesBody: boolean) {
  return async (request: FastifyRequest) => {
    if (takesBody) {
      const body = request.body;
      if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) {
        throw new AppError(422, 'errors.bodyNotObject');
      }
    }
    for (const part of [request.params, request.query, request.body]) {
      const path = findNul(part);
      if (path !== null) throw nulAt(path);
    }
  };
}
