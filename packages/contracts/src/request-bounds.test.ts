import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from './api-areas.js';
import { INT4_MAX } from './fields.js';

type JsonSchema = { type?: unknown; maximum?: number; minimum?: number; [key: string]: unknown };

/** Every whole number a schema accepts that could exceed an `integer` column, by its path. */
function unbounded(schema: unknown, at: string, out: string[] = []): string[] {
  if (Array.isArray(schema)) {
    schema.forEach((inner, i) => unbounded(inner, `${at}[${i}]`, out));
  } else if (schema && typeof schema === 'object') {
    const node = schema as JsonSchema;
    const low = node.minimum ?? (node.exclusiveMinimum as number | undefined);
    if (node.type === 'integer' && !((node.maximum ?? Infinity) <= INT4_MAX && (low ?? -Infinity) >= -INT4_MAX - 1)) {
      out.push(at);
    }
    for (const [key, inner] of Object.entries(node)) unbounded(inner, `${at}/${key}`, out);
  }
  return out;
}

describe('request schemas', () => {
  it('bound every whole number a request carries to the int4 range, so none overflows a column', () => {
    const found = allRoutes.flatMap((route) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = route[part];
        if (!schema) return [];
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        return unbounded(json, `${route.operationId} ${part}`);
      }),
    );
    expect(found).toEqual([]);
  });
});
