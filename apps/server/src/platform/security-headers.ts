import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/** ws:// and wss:// of the host the page was served from, for browsers where 'self' does not cover sockets. */
const socketOrigins = (host: string | undefined) =>
  host && HOST_PATTERN.test(host) ? [`ws://${host}`, `wss://${host}`] : [];

/**
 * Security headers for the API and the built console. The CSP allows what the SPA needs: its own
 * scripts and styles, inline styles (antd's CSS-in-JS), images from data:, blob: and https map
 * tile servers (the tile URL is a setting), sockets to the same host. Requests are not upgraded
 * to https: a site may serve the console over plain http on its own network.
 */
const plugin: FastifyPluginAsync = async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: [
          "'self'",
          (req) => socketOrigins(req.headers.host)[0] ?? "'self'",
          (req) => socketOrigins(req.headers.host)[1] ?? "'self'",
        ],
      },
    },
    // Separate console windows (work and trend views, live video) are opened with window.open.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
};

export const securityHeadersPlugin = fp(plugin, { name: 'security-headers' });
