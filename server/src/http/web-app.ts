import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../infra/context.js';

/** Content-hashed build output: rsbuild names it `static/<kind>/[async/]<name>.<contenthash>.<ext>`. */
const HASHED = /^static\/.+\.[0-9a-f]{8,}\.[a-z0-9]+(?:\.LICENSE\.txt)?$/i;

/** Cache for a year without asking again: such a file's URL changes whenever its content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files the server never sends: dot files (the build stamp), the mock service worker (development
 * only), and the build's `.br`/`.gz` copies under their own names (they are sent in place of the
 * original, by Accept-Encoding).
 */
const hiddenFile = (rel: string) =>
  rel.split('/').some((part) => part.startsWith('.')) || path.basename(rel) === 'mockServiceWorker.js' || /\.(?:br|gz)$/.test(rel);

/**
 * Serves the built web app from `dist`: its files, and index.html for every other non-API path
 * (the client-side routes). The build writes Brotli and gzip copies of its text files; they are
 * sent by Accept-Encoding (`Vary: Accept-Encoding`), so these files cost no compression per request.
 * Content-hashed files under `static/` are cached for a year; index.html, the translations and
 * any other file are revalidated on every use (`no-cache` with ETag and Last-Modified).
 */
export async function registerWebApp(app: App, dist: string): Promise<void> {
  // In a context of its own, so the hook below sees the web app's answers only.
  await app.register(async (web) => {
    web.addHook('onSend', async (request, reply, payload) => {
      const rel = (request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
      if (!reply.hasHeader('cache-control'))
        reply.header('Cache-Control', reply.statusCode < 300 && HASHED.test(rel) ? IMMUTABLE : 'no-cache');
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\baccept-encoding\b/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      return payload;
    });
    await web.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      allowedPath: (pathName) => !hiddenFile(pathName.replace(/^\/+/, '')),
    });
    web.get('/', (_req, reply) => reply.sendFile('index.html'));
    web.get('/*', (request, reply) => {
      const rel = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
      const file = path.resolve(dist, rel);
      // Files added after the start (the routes above are made from the files found then).
      if (!hiddenFile(rel) && file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile())
        return reply.sendFile(rel);
      // A missing asset is a 404, never the page: an old page asking for a chunk of an older build must fail as such.
      if (rel.startsWith('api/') || rel === 'api' || rel.startsWith('locales/') || rel.startsWith('static/')) {
        return reply.status(404).send({ detail: 'Not found.' });
      }
      return reply.sendFile('index.html');
    });
  });
}
