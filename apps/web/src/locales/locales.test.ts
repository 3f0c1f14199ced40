import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@patrol/contracts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

function namespaces(language: string): string[] {
  return Object.keys(files)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.slice(language.length + 3))
    .sort();
}

describe('locale files', () => {
  const reference = namespaces('zh-CN');

  it('exist for every area in every language', () => {
    expect(reference.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(namespaces(language)).toEqual(reference);
  });

  for (const file of reference) {
    it(`${file}: the three languages have the same keys, non-empty texts and the same variables`, () => {
      const base = leaves(files[`./zh-CN/${file}`]!);
      for (const language of LANGUAGES) {
        const other = leaves(files[`./${language}/${file}`]!);
        expect([...other.keys()].sort(), language).toEqual([...base.keys()].sort());
        for (const [key, text] of other) {
          expect(text.trim(), `${language} ${file} ${key}`).not.toBe('');
          expect(variables(text), `${language} ${file} ${key}`).toEqual(variables(base.get(key)!));
        }
      }
    });
  }
});
