import { translate } from '@patrol/contracts';
import { expect } from 'vitest';
import type { TestApp } from './create-test-app.js';
import { as } from './factories.js';

/**
 * Every row of a paged list, walked page by page as the console does (`query` holds the filters and
 * sort), with the total each page reported; fails the test on any answer but 200.
 */
export async function walkPages<R>(
  t: TestApp,
  url: string,
  token: string,
  query: Record<string, string>,
  size = 2,
): Promise<{ rows: R[]; totals: number[] }> {
  const rows: R[] = [];
  const totals: number[] = [];
  for (let index = 1; ; index++) {
    const search = new URLSearchParams({ ...query, index: String(index), size: String(size) });
    const res = await t.app.inject({ method: 'GET', url: `${url}?${search}`, headers: as(token) });
    if (res.statusCode !== 200) throw new Error(`${url}?${search}: ${res.statusCode} ${res.body}`);
    const page = res.json().data as { rows: R[]; total: number };
    rows.push(...page.rows);
    totals.push(page.total);
    if (page.rows.length < size || index * size >= page.total) return { rows, totals };
  }
}

/**
 * Asks the list at `url` (which may carry filters) to sort by each of three columns it does not
 * allow, in en-US, zh-CN and zh-TW in turn, and expects a 422 that names `sortBy` in that language.
 */
export async function expectSortRefused(
  t: TestApp,
  url: string,
  token: string,
  columns: readonly [string, string, string],
): Promise<void> {
  const languages = ['en-US', 'zh-CN', 'zh-TW'] as const;
  for (const [i, lang] of languages.entries()) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}sortBy=${encodeURIComponent(columns[i]!)}`,
      headers: as(token, { lang }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 422,
      data: null,
      errors: [{ path: 'sortBy', message: translate(lang, 'validation.sortUnknown') }],
    });
  }
}
