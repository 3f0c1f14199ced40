import {
  POINT_CLOUD_INGEST_PREFIX,
  POINT_CLOUD_MAX_BYTES,
  POINT_CLOUD_UPLOAD_ID_PATTERN,
  pointCloudIngestQuery,
  pointCloudsApi,
  SERIAL_PATTERN,
  translate,
} from '@patrol/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { requestLanguage } from '../../platform/i18n.js';
import { route } from '../../platform/route.js';
import type { RobotDbRow } from '../robots/robots.shared.js';
import { createPointCloudsService } from './point-clouds.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The robot a point cloud upload authenticated as. */
    pointCloudRobot?: RobotDbRow;
  }
}

/** A `Bearer` token of a request, or null. */
function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_.-]{1,2000})$/i.exec(header?.trim() ?? '');
  return match ? match[1]! : null;
}

const plugin: FastifyPluginAsync = async (app) => {
  const pointClouds = createPointCloudsService(app.ctx, { storage: app.storage, log: app.log });

  route(app, pointCloudsApi.pagePointClouds, async (request) =>
    ok(await pointClouds.page(requireAuth(request), request.query)),
  );

  route(app, pointCloudsApi.getPointCloud, async (request) =>
    ok(await pointClouds.detail(requireAuth(request), request.params.pointCloudId)),
  );

  route(app, pointCloudsApi.getPointCloudFile, async (request, reply) => {
    const file = await pointClouds.file(requireAuth(request), request.params.pointCloudId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="cloud-${file.row.pointCloudId}.${file.row.format}"`)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });

  route(app, pointCloudsApi.deletePointCloud, async (request) => {
    await pointClouds.remove(requireAuth(request), request.body.pointCloudId);
    return ok(null);
  });

  // A robot's upload: the file as the body, a token signed with its key (docs/robot-protocol.md).
  // Checked before the body is read: who sends it, and that it is not too large.
  await app.register(async (ingest) => {
    ingest.removeAllContentTypeParsers();
    ingest.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: POINT_CLOUD_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    ingest.put(
      `${POINT_CLOUD_INGEST_PREFIX}/:serial/:uploadId`,
      {
        config: { access: 'public' as const, resource: false as const },
        bodyLimit: POINT_CLOUD_MAX_BYTES,
        schema: {
          operationId: 'uploadPointCloud',
          summary: "A robot's point cloud (PCD or PLY), authenticated by a token signed with its key",
          tags: ['point-clouds'],
          hide: true,
        },
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          const { serial, uploadId } = request.params as { serial: string; uploadId: string };
          if (!SERIAL_PATTERN.test(serial)) throw new AppError(404, 'errors.notFound');
          const robot = await pointClouds.authenticate(serial, bearer(request.headers.authorization));
          if (!robot) {
            void reply.header('www-authenticate', 'Bearer realm="point-cloud"');
            throw unauthorized();
          }
          if (!POINT_CLOUD_UPLOAD_ID_PATTERN.test(uploadId)) throw new AppError(422, 'pointClouds.badUploadId');
          const length = Number(request.headers['content-length'] ?? 0);
          if (!pointClouds.checkSize(serial, length)) {
            const lang = requestLanguage(request);
            const message = translate(lang, 'pointClouds.tooLarge', { max: POINT_CLOUD_MAX_BYTES / 1024 / 1024 });
            return reply.code(413).header('connection', 'close').send({ code: 413, message, data: null });
          }
          request.pointCloudRobot = robot;
        },
      },
      async (request, reply) => {
        const robot = request.pointCloudRobot!;
        const query = pointCloudIngestQuery.safeParse(request.query);
        if (!query.success) throw new AppError(422, 'errors.badRequest');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await pointClouds.ingest({
          robot,
          uploadId: (request.params as { uploadId: string }).uploadId,
          bytes: body,
          ...query.data,
        });
        return reply.code(answer.duplicate ? 200 : 201).send(ok(answer));
      },
    );
  });
};

/** Point clouds (`/trendVision/trendPoint`): robots' uploads, listed, shown and deleted per tenant. */
export const pointCloudsPlugin = fp(plugin, { name: 'point-clouds', dependencies: ['context', 'files'] });
