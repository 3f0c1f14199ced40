import path from 'node:path';
import type { MapSource } from '@patrol/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { createMapSources, MbtilesUnsupportedError, type MapFile } from './maps.sources.js';

type Deps = { dataDir: string; log: FastifyBaseLogger };

/**
 * The map's own files: offline tiles and site plans in `DATA_DIR/maps`, for any signed-in user
 * of any tenant (they are the site's base map, not tenant data; the session is the check).
 */
export function createMapsService({ dataDir, log }: Deps) {
  const sources = createMapSources(path.join(dataDir, 'maps'));

  const unreadable = (source: string, error: unknown): never => {
    if (error instanceof MbtilesUnsupportedError) {
      log.error({ source }, error.message);
      throw new AppError(500, 'maps.mbtilesUnsupported');
    }
    log.error({ err: error, source }, 'A map source could not be read.');
    throw new AppError(500, 'maps.sourceUnreadable');
  };

  return {
    dir: sources.dir,

    async list(_caller: AuthContext): Promise<MapSource[]> {
      return sources.list((source, error) =>
        log.error(
          { source, err: error instanceof MbtilesUnsupportedError ? error.message : error },
          'Map source left out.',
        ),
      );
    },

    async tile(_caller: AuthContext, source: string, z: number, x: number, y: number): Promise<MapFile> {
      let file: MapFile | null;
      try {
        file = await sources.tile(source, z, x, y);
      } catch (error) {
        return unreadable(source, error);
      }
      if (!file) throw notFound('maps.tileNotFound');
      return file;
    },

    async image(_caller: AuthContext, source: string): Promise<MapFile> {
      const file = await sources.image(source).catch((error: unknown) => unreadable(source, error));
      if (!file) throw notFound('maps.sourceNotFound');
      return file;
    },

    close: () => sources.close(),
  };
}
