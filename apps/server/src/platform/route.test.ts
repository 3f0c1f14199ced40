import { envelopeA } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from './envelope.js';
import { cachingSerializerCompiler, frozen } from './route.js';

const schema = envelopeA(z.object({ names: z.array(z.string()) }));
const compile = () =>
  cachingSerializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' }) as (data: unknown) => string;

describe('the response serializer', () => {
  it('answers a frozen read with the text it made for it, and checks everything else each time', () => {
    const serialize = compile();
    const kept = frozen({ names: ['a'] });
    const first = serialize(ok(kept));
    expect(first).toBe('{"code":200,"message":"success","data":{"names":["a"]}}');
    expect(String(serialize(ok(kept)))).toBe(first);
    expect(Object.isFrozen(kept.names)).toBe(true);

    // Not frozen: serialized (and checked) again, so a change shows.
    const open = { names: ['a'] };
    expect(serialize(ok(open))).toBe(first);
    open.names.push('b');
    expect(serialize(ok(open))).toBe('{"code":200,"message":"success","data":{"names":["a","b"]}}');

    // Another envelope around the same frozen data is not taken for the kept one.
    expect(serialize({ code: 201, message: 'success', data: kept })).toBe(
      '{"code":201,"message":"success","data":{"names":["a"]}}',
    );
  });

  it('still refuses an answer its schema does not allow', () => {
    const serialize = compile();
    expect(() => serialize(ok(frozen({ names: [1] })))).toThrow();
  });
});
