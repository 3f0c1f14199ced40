import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/** ws:// and wss:// of the host the page was served from, for browsers where 'self' does not cover sockets. */
const socketOrigins = (host: string | undefined) =>
  host && HOST_PATTERN.test(host) ? [`ws://${host}`, `wss://${host}`] : [];

/** Beyond this many distinct Host values the kept header sets start over. */
const MAX_HOSTS = 256;

/** HSTS, sent only on answers served over HTTPS (directly, or by a trusted proxy's `X-Forwarded-Proto`). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser features: microphone and camera for the console's own pages only (not for frames of
 * other sites), none of the other sensitive ones. Fullscreen stays allowed (maps and tables use it).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/** Whether a URL is under the API: its answers are never stored by browsers or proxies. */
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** What helmet does to a response: set a header, or remove one (`X-Powered-By`). */
type HeaderStep = readonly [name: string, value: string] | readonly [name: string];

/**
 * Security headers for the API and the built console. The CSP allows what the SPA needs: its own
 * scripts and styles, inline styles (antd's CSS-in-JS), images from data:, blob: and https map
 * tile servers (the tile URL is a setting), sockets to the same host. Requests are not upgraded
 * to https: a site may serve the console over plain http on its own network, and HSTS is only
 * sent over HTTPS (`request.protocol`, which follows `X-Forwarded-Proto` when TRUST_PROXY trusts
 * the proxy). API answers carry `Cache-Control: no-store`; every answer carries the
 * Permissions-Policy.
 *
 * helmet is set up once. The headers only depend on the Host header (the socket origins of the
 * CSP), so what helmet sets for a host is recorded the first time and replayed on every later
 * request from it, in the same order; a Host that is not a plain host name gives the same headers
 * as no Host, so strange values share one entry.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const middleware = helmet({
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
    // Set below, and only on answers over HTTPS (browsers ignore it over plain HTTP anyway).
    strictTransportSecurity: false,
  });

  const byHost = new Map<string, HeaderStep[]>();
  const record = (host: string): HeaderStep[] => {
    const steps: HeaderStep[] = [];
    const response = {
      setHeader: (name: string, value: string) => steps.push([name, value]),
      removeHeader: (name: string) => steps.push([name]),
    };
    const request = { headers: host ? { host } : {} };
    middleware(request as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
      if (error) throw error;
    });
    return steps;
  };

  app.addHook('onRequest', (request, reply, done) => {
    const given = request.headers.host;
    const host = given && HOST_PATTERN.test(given) ? given : '';
    let steps = byHost.get(host);
    if (!steps) {
      steps = record(host);
      if (byHost.size >= MAX_HOSTS) byHost.clear();
      byHost.set(host, steps);
    }
    const raw = reply.raw;
    for (const step of steps) {
      if (step.length === 2) raw.setHeader(step[0], step[1]);
      else raw.removeHeader(step[0]);
    }
    raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
    if (isApi(request.url)) raw.setHeader('cache-control', 'no-store');
    done();
  });
}

export const securityHeadersPlugin = fp(registerSecurityHeaders, { name: 'security-headers' });
