/** The most rows an xlsx export holds; a bigger list is cut (the file says so in its name). */
export const EXPORT_MAX_ROWS = 10_000;

/** The default page size of the console's lists. */
export const DEFAULT_PAGE_SIZE = 10;

/** Offset and limit of a 1-based page request (`pageQuery` of the contracts). */
export function pageWindow(query: { index: number; size?: number | undefined }, defaultSize = DEFAULT_PAGE_SIZE) {
  const limit = query.size ?? defaultSize;
  return { offset: (query.index - 1) * limit, limit };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern, so a search for "50%" finds "50%" only. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
