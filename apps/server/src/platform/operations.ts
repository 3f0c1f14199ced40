import { translate, type Language } from '@patrol/contracts';

/** The operationId of each API route by `METHOD /api/route`, filled while the routes are registered. */
export type OperationIndex = Map<string, string>;

/**
 * What a route does, in a language (contracts `operations.<operationId>`), for the resources
 * page, the role permissions and the operation log; `fallback` (the OpenAPI summary) otherwise.
 */
export function operationText(
  index: OperationIndex,
  lang: Language,
  method: string,
  route: string,
  fallback: string,
): string {
  const id = index.get(`${method} ${route}`);
  if (!id) return fallback;
  const key = `operations.${id}`;
  const text = translate(lang, key);
  return text === key ? fallback : text;
}

/** The `METHOD route` keys whose text in `lang` holds `needle` (case-insensitive). */
export function operationsMatching(index: OperationIndex, lang: Language, needle: string): string[] {
  const wanted = needle.toLowerCase();
  return [...index.entries()]
    .filter(([, id]) => translate(lang, `operations.${id}`).toLowerCase().includes(wanted))
    .map(([key]) => key);
}
