import { translate } from '@patrol/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { AppError, installErrorHandler } from './errors.js';

describe('central error handler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('secret detail at /srv/app/db.ts:42');
  });
  app.get('/conflict', async () => {
    throw new AppError(409, 'errors.conflict');
  });
  app.get('/bad-response', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({
    n: 'not a number' as unknown as number,
  }));
  app.post('/json', { schema: { body: z.object({ n: z.number() }) } }, async () => ({ ok: true }));

  afterAll(() => app.close());

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)('answers 500 in %s without any detail of the error', async (lang) => {
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { lang } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: translate(lang, 'errors.server'), data: null });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('stack');
  });

  it('hides a response that breaks its schema behind a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(translate('zh-CN', 'errors.server'));
  });

  it('answers an AppError with its status and translated key', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: translate('en-US', 'errors.conflict'), data: null });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json', lang: 'zh-TW' },
      payload: '{"n":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: translate('zh-TW', 'errors.badRequest'), data: null });
  });

  it('answers an unsupported content type with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/xml' },
      payload: '<n/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('turns zod messages that are not contract keys into validation.invalid', async () => {
    const res = await app.inject({ method: 'POST', url: '/json', headers: { lang: 'en-US' }, payload: { n: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'n', message: translate('en-US', 'validation.invalid') }]);
  });
});

describe('unknown API routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)('answer a 404 envelope in %s, before any sign-in', async (lang) => {
    for (const [method, url] of [
      ['GET', '/api/nothing/here?x=1'],
      ['POST', '/api/system-server/user/erase-everyone'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { lang } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 404,
        message: translate(lang, 'errors.routeNotFound', { method, url: url.split('?')[0]! }),
        data: null,
      });
    }
  });

  it('answer a 404 envelope outside /api when no console build is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robot/list' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
