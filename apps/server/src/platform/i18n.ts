import type { FastifyRequest } from 'fastify';
import { HEADERS, type Language, resolveLanguage, translate } from '@patrol/contracts';

/**
 * The language of a request: the console's `lang` header first, then `Accept-Language`, then
 * zh-CN. Every message the API sends back is translated into it.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers[HEADERS.language];
  const lang = Array.isArray(header) ? header[0] : header;
  return resolveLanguage(lang?.trim() ? lang : request.headers['accept-language']);
}

/** Translates a contract message key into the request's language. */
export function t(
  request: Pick<FastifyRequest, 'headers'>,
  key: string,
  params?: Record<string, string | number>,
): string {
  return translate(requestLanguage(request), key, params);
}

const KEY_PATTERN = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

/**
 * Translates a validation message. Contract rules carry keys such as `validation.passwordLetter`;
 * zod's own messages (wrong type, not an integer...) are not keys and become `validation.invalid`.
 */
export function translateValidation(lang: Language, message: string): string {
  if (KEY_PATTERN.test(message)) {
    const text = translate(lang, message);
    if (text !== message) return text;
  }
  return translate(lang, 'validation.invalid');
}
