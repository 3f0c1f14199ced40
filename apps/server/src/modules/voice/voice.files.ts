import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  AUDIO_FILE_MAX_BYTES,
  AUDIO_FILE_NAME_MAX,
  AUDIO_FILE_TYPE,
  AUDIO_URL_TTL_MS,
  audioFileName,
  voiceApi,
  type AudioFileRow,
  type AudioFileUrl,
  type AudioTrack,
  type AudioUploadResult,
  type Page,
} from '@patrol/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, type AuthContext } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { AppError, notFound } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { loadMediaSecret } from '../video/video.token.js';
import { readMp3 } from './voice.mp3.js';
import { AUDIO_MEDIA_PREFIX, registerAudioMediaRoute, signAudioToken } from './voice.media.js';
import {
  deleteAudioFile,
  findAudioFile,
  findAudioFileByContent,
  findAudioFilesByIds,
  insertAudioFile,
  pageAudioFiles,
  renameAudioFile,
  type AudioFileDbRow,
} from './voice.repository.js';

/** Files kept in memory for the content route, at most this many bytes (the last served first kept). */
const CONTENT_CACHE_BYTES = 128 * 1024 * 1024;

export const toAudioFileRow = (row: AudioFileDbRow): AudioFileRow => ({
  fileId: row.id,
  name: row.name,
  durationMs: row.durationMs,
  bitrate: row.bitrate,
  sampleRate: row.sampleRate,
  size: row.size,
  sha256: row.sha256,
  uploaderName: row.uploaderName,
  uploadTime: row.uploadedAt.toISOString(),
});

/** Where a file's content is kept: one key per content per tenant. */
const storageKeyOf = (tenantId: number, sha256: string) => `audio/${tenantId}/${sha256}.mp3`;

/** A part's file name as a file name of the list: its last path segment, without control characters, cut to fit. */
export function nameFromFileName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f]/g, '').trim();
  return (clean || 'audio.mp3').slice(0, AUDIO_FILE_NAME_MAX);
}

const tooLarge = () => new AppError(400, 'voice.tooLarge');
const fileMissing = () => new AppError(400, 'voice.fileMissing');

/** The multipart errors of a refused upload, by code, as the console's messages. */
function multipartRefusal(error: unknown): AppError | null {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return fileMissing();
  if (typeof code === 'string' && code.startsWith('FST_') && (error as { statusCode?: number }).statusCode === 413)
    return new AppError(400, 'errors.badRequest');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_PARTS_LIMIT') return new AppError(400, 'errors.badRequest');
  return null;
}

/** Audio files: upload (MP3 by content, at most 50 MB, one per content), list, rename, delete, signed URLs. */
export function createAudioFiles(app: FastifyInstance) {
  const { db, config } = app.ctx;
  let secretOf: Promise<Buffer> | null = null;
  const secret = () => (secretOf ??= loadMediaSecret(db, config.mediaSecret));
  const cache = new Map<string, Buffer>();
  let cachedBytes = 0;

  /** A directory for uploads in progress: under the data directory, else the system's. */
  let tempDirOf: Promise<string> | null = null;
  const tempDir = () =>
    (tempDirOf ??= (async () => {
      const dir = path.join(config.dataDir, 'tmp', 'audio');
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        return dir;
      } catch {
        const fallback = path.join(tmpdir(), 'patrol-audio-uploads');
        await mkdir(fallback, { recursive: true, mode: 0o700 });
        return fallback;
      }
    })());

  async function page(
    caller: AuthContext,
    query: Parameters<typeof pageAudioFiles>[2] & { index: number; size?: number | undefined },
  ): Promise<Page<AudioFileRow>> {
    const { rows, total } = await pageAudioFiles(db, caller.tenantId, query, pageWindow(query));
    return { rows: rows.map(toAudioFileRow), total };
  }

  /**
   * Takes the multipart upload: the `file` part streamed to a temporary file while hashed, then
   * told MP3 by its frames, kept by the storage and recorded. The temporary file is always
   * removed; the stored content is removed again when its row could not be written.
   */
  async function upload(caller: AuthContext, request: FastifyRequest): Promise<AudioUploadResult> {
    if (!request.isMultipart()) throw fileMissing();
    const temp = path.join(await tempDir(), `${randomUUID()}.part`);
    try {
      let given: string | undefined;
      let received: { sha256: string; size: number; fileName: string } | null = null;
      try {
        const parts = request.parts({
          limits: { files: 1, fileSize: AUDIO_FILE_MAX_BYTES, fields: 4, fieldSize: 4096, parts: 6 },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'name' && typeof part.value === 'string') given = part.value;
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          const hash = createHash('sha256');
          let size = 0;
          await pipeline(
            part.file,
            async function* (source: AsyncIterable<Buffer>) {
              for await (const chunk of source) {
                hash.update(chunk);
                size += chunk.length;
                yield chunk;
              }
            },
            createWriteStream(temp, { mode: 0o600 }),
          );
          if (part.file.truncated) throw tooLarge();
          received = { sha256: hash.digest('hex'), size, fileName: part.filename };
        }
      } catch (error) {
        throw multipartRefusal(error) ?? error;
      }
      if (!received || received.size === 0) throw fileMissing();
      const name = given === undefined ? nameFromFileName(received.fileName) : parseName(given);

      const known = await findAudioFileByContent(db, caller.tenantId, received.sha256);
      if (known) return { file: toAudioFileRow(known), existing: true };

      const bytes = await readFile(temp);
      const info = readMp3(bytes);
      if (!info) throw new AppError(400, 'voice.notMp3');
      const storageKey = storageKeyOf(caller.tenantId, received.sha256);
      await app.storage.put(storageKey, bytes, AUDIO_FILE_TYPE);
      let inserted: AudioFileDbRow | undefined;
      try {
        inserted = await insertAudioFile(db, {
          tenantId: caller.tenantId,
          name,
          sha256: received.sha256,
          size: received.size,
          durationMs: info.durationMs,
          bitrate: info.bitrate,
          sampleRate: info.sampleRate,
          storageKey,
          uploaderId: caller.userId,
          uploaderName: caller.username.slice(0, 100),
        });
      } catch (error) {
        // The same content under the same key may belong to a row written meanwhile: keep it then.
        if (!(await findAudioFileByContent(db, caller.tenantId, received.sha256)))
          await app.storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
      if (inserted) return { file: toAudioFileRow(inserted), existing: false };
      // Another upload of the same content won the unique index: its file is the answer.
      const winner = await findAudioFileByContent(db, caller.tenantId, received.sha256);
      if (!winner) throw new AppError(500, 'voice.uploadFailed');
      return { file: toAudioFileRow(winner), existing: true };
    } finally {
      await rm(temp, { force: true });
    }
  }

  function parseName(value: string): string {
    const parsed = audioFileName.safeParse(value);
    if (parsed.success) return parsed.data;
    const key = parsed.error.issues[0]?.message ?? 'voice.nameInvalid';
    throw new AppError(400, key, { max: AUDIO_FILE_NAME_MAX }, [
      { path: 'name', key, params: { max: AUDIO_FILE_NAME_MAX } },
    ]);
  }

  async function rename(caller: AuthContext, input: { fileId: number; name: string }): Promise<AudioFileRow> {
    const row = await renameAudioFile(db, caller.tenantId, input.fileId, input.name);
    if (!row) throw notFound('voice.fileNotFound');
    return toAudioFileRow(row);
  }

  /** The names of the tenant's online robots whose player is on this file (playing or paused). */
  function robotsPlaying(tenantId: number, fileId: number): string[] {
    return app.monitoring
      .fleetOf(tenantId)
      .filter((robot) => {
        const audio = robot.state?.audio;
        if (!robot.online || !audio || audio.state === 'idle') return false;
        return audio.current?.fileId === fileId || audio.playlist.includes(fileId);
      })
      .map((robot) => robot.name);
  }

  /** Deletes a file and its content; refused (409) while a robot of the tenant plays it, naming them. */
  async function remove(caller: AuthContext, fileId: number): Promise<void> {
    const row = await findAudioFile(db, caller.tenantId, fileId);
    if (!row) throw notFound('voice.fileNotFound');
    const playing = robotsPlaying(caller.tenantId, fileId);
    if (playing.length > 0) throw new AppError(409, 'voice.fileInUse', { robots: playing.join(', ') });
    const deleted = await deleteAudioFile(db, caller.tenantId, fileId);
    if (!deleted) throw notFound('voice.fileNotFound');
    forget(deleted.storageKey);
    await app.storage.delete(deleted.storageKey);
  }

  /** A signed URL of a file's content (relative to the console's address), valid AUDIO_URL_TTL_MS. */
  async function signedUrl(tenantId: number, fileId: number, now = Date.now()): Promise<AudioFileUrl> {
    const expiresAt = now + AUDIO_URL_TTL_MS;
    const token = signAudioToken(await secret(), { tenantId, fileId, exp: expiresAt });
    return { url: `${AUDIO_MEDIA_PREFIX}/${fileId}?t=${encodeURIComponent(token)}`, expiresAt };
  }

  async function url(caller: AuthContext, fileId: number): Promise<AudioFileUrl> {
    if (!(await findAudioFile(db, caller.tenantId, fileId))) throw notFound('voice.fileNotFound');
    return signedUrl(caller.tenantId, fileId);
  }

  /** The tenant's files as a robot's playlist, in the order given; 404 when one is not the tenant's. */
  async function tracks(tenantId: number, fileIds: number[]): Promise<AudioTrack[]> {
    const rows = new Map((await findAudioFilesByIds(db, tenantId, fileIds)).map((r) => [r.id, r]));
    const out: AudioTrack[] = [];
    for (const fileId of fileIds) {
      const row = rows.get(fileId);
      if (!row) throw notFound('voice.fileNotFound');
      out.push({
        fileId,
        name: row.name,
        url: (await signedUrl(tenantId, fileId)).url,
        sha256: row.sha256,
        durationMs: row.durationMs,
        size: row.size,
      });
    }
    return out;
  }

  function forget(key: string) {
    const bytes = cache.get(key);
    if (bytes) {
      cache.delete(key);
      cachedBytes -= bytes.length;
    }
  }

  /** A file's content while the tenant has it, from the storage (any instance's upload) or this instance's memory. */
  async function content(tenantId: number, fileId: number): Promise<Buffer | null> {
    const row = await findAudioFile(db, tenantId, fileId);
    if (!row) return null;
    const known = cache.get(row.storageKey);
    if (known) {
      cache.delete(row.storageKey);
      cache.set(row.storageKey, known);
      return known;
    }
    const stored = await app.storage.get(row.storageKey);
    if (!stored) return null;
    if (stored.bytes.length <= CONTENT_CACHE_BYTES / 4) {
      cache.set(row.storageKey, stored.bytes);
      cachedBytes += stored.bytes.length;
      for (const [key] of cache) {
        if (cachedBytes <= CONTENT_CACHE_BYTES) break;
        forget(key);
      }
    }
    return stored.bytes;
  }

  return { page, upload, rename, remove, url, signedUrl, tracks, content, secret };
}
export type AudioFiles = ReturnType<typeof createAudioFiles>;

export function registerAudioFileRoutes(app: FastifyInstance, files: AudioFiles): void {
  route(app, voiceApi.pageAudioFiles, async (request) => ok(await files.page(requireAuth(request), request.query)));
  // Multipart is taken by this route only: its own scope, with the bounds of one audio file.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: AUDIO_FILE_MAX_BYTES, fields: 4, fieldSize: 4096, parts: 6 },
    });
    route(scope, voiceApi.uploadAudioFile, async (request) => ok(await files.upload(requireAuth(request), request)));
  });
  route(app, voiceApi.renameAudioFile, async (request) => ok(await files.rename(requireAuth(request), request.body)));
  route(app, voiceApi.deleteAudioFile, async (request) => {
    await files.remove(requireAuth(request), request.body.fileId);
    return ok(null);
  });
  route(app, voiceApi.audioFileUrl, async (request) => ok(await files.url(requireAuth(request), request.query.fileId)));
  registerAudioMediaRoute(app, { secret: files.secret, content: files.content });
}
