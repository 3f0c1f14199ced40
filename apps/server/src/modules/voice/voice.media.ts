import { AUDIO_FILE_TYPE, AUDIO_TOKEN_AUDIENCE } from '@patrol/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../../platform/errors.js';
import { readToken, signToken } from '../../platform/signed-token.js';

/** Where the files' content is served, with a signed token `t` (docs/voice.md). */
export const AUDIO_MEDIA_PREFIX = '/api/media/audio';

/** What an audio token names: the tenant, the file and its expiry (epoch ms). */
export type AudioClaims = { tenantId: number; fileId: number; exp: number };

/**
 * The audio token `t`: `<payload>.<mac>`, both base64url, like the video play token and with the
 * same media secret; the payload is the JSON `{a, n, f, e}` (audience AUDIO_TOKEN_AUDIENCE, tenant,
 * file, expiry), so neither kind of token passes for the other.
 */
export function signAudioToken(secret: Buffer, claims: AudioClaims): string {
  return signToken(secret, { a: AUDIO_TOKEN_AUDIENCE, n: claims.tenantId, f: claims.fileId, e: claims.exp });
}

/** The token's claims when its MAC is right (compared in constant time), it is an audio token and not expired. */
export function verifyAudioToken(secret: Buffer, token: string, now = Date.now()): AudioClaims | null {
  const v = readToken(secret, token);
  if (
    !v ||
    v.a !== AUDIO_TOKEN_AUDIENCE ||
    typeof v.n !== 'number' ||
    typeof v.f !== 'number' ||
    typeof v.e !== 'number'
  )
    return null;
  if (v.e <= now) return null;
  return { tenantId: v.n, fileId: v.f, exp: v.e };
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes: null for the whole file (no
 * header, or one this server does not serve in parts, e.g. several ranges), 'unsatisfiable' when
 * it starts beyond the end.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const params = z.object({ fileId: z.coerce.number().int().min(1).max(2_147_483_647) });
const query = z.object({ t: z.string().max(1000).optional() });

export type AudioMediaDeps = {
  secret: () => Promise<Buffer>;
  /** The file's bytes when the tenant still has it. */
  content: (tenantId: number, fileId: number) => Promise<Buffer | null>;
};

/**
 * `GET /api/media/audio/:fileId?t=`: a file's content for a robot or the browser's `<audio>`,
 * with `Range` (206) for seeking. Open to anyone, each request proving itself with its token;
 * 403 when the token is missing, altered, expired or for another file.
 */
export function registerAudioMediaRoute(app: FastifyInstance, deps: AudioMediaDeps): void {
  app.get(
    `${AUDIO_MEDIA_PREFIX}/:fileId`,
    {
      config: { access: 'public' as const, resource: false as const },
      schema: { operationId: 'mediaAudio', summary: "An audio file's content (MP3)", tags: ['media'], hide: true },
    },
    async (request, reply) => {
      const p = params.safeParse(request.params);
      const q = query.safeParse(request.query);
      const claims = q.success && q.data.t ? verifyAudioToken(await deps.secret(), q.data.t) : null;
      if (!p.success || !claims || claims.fileId !== p.data.fileId) throw forbidden('voice.linkExpired');
      const bytes = await deps.content(claims.tenantId, claims.fileId);
      if (!bytes) throw notFound('voice.fileNotFound');
      void reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=600').type(AUDIO_FILE_TYPE);
      const range = byteRange(request.headers.range, bytes.length);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${bytes.length}`).send('');
      }
      if (range === null) return reply.send(bytes);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
        .send(bytes.subarray(range.start, range.end + 1));
    },
  );
}
