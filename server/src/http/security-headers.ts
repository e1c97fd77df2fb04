import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../infra/context.js';
import type { AppConfig } from '../infra/config.js';

/** sha256 sources for the inline scripts of the web app's index.html (the theme/locale bootstrap). */
export function inlineScriptHashes(indexHtml: string): string[] {
  if (!fs.existsSync(indexHtml)) return [];
  const html = fs.readFileSync(indexHtml, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/** Where the served web app may connect: itself, PUBLIC_URL, the backend its build names, Sentry. */
export function connectSources(config: AppConfig): string[] {
  let builtFor: string | undefined;
  try {
    builtFor = (JSON.parse(fs.readFileSync(path.join(config.webDistDir, '.timberlog-build.json'), 'utf8')) as { backendUrl?: string })
      .backendUrl;
  } catch {
    builtFor = undefined;
  }
  const sentry = originOf(process.env.APP_PUBLIC_SENTRY_DSN);
  return [...new Set(["'self'", originOf(config.publicUrl), originOf(builtFor), sentry].filter((x): x is string => Boolean(x)))];
}

/** The headers helmet sets for `options` (it sets the same ones on every answer). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  } as unknown as ServerResponse;
  let done = false;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once');
  return headers;
}

/**
 * Security headers on every answer (the API, the web app, its files, Swagger UI): a strict
 * Content-Security-Policy (scripts only from this origin plus the hashes of index.html's inline
 * script; no plugins, no framing, no <base>), nosniff, Referrer-Policy no-referrer (the reset page
 * carries its token in the URL), HSTS when PUBLIC_URL is https, and `Cache-Control: no-store` on
 * the API (answers carry personal data and tokens; see registerSecurityHeaders). Worked out once:
 * they do not depend on the request.
 */
export function securityHeadersFor(config: AppConfig, options: { serveWeb?: boolean }): Record<string, string> {
  const scriptHashes = options.serveWeb ? inlineScriptHashes(path.join(config.webDistDir, 'index.html')) : [];
  const https = config.publicUrl?.startsWith('https://') ?? false;
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        // Styles: React and Swagger UI set inline styles; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources(config),
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Export downloads are opened by the web dev server's page on another port.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}

/**
 * Whether an answer may be kept by a cache: only the web app's own files (which set their own
 * Cache-Control) and Swagger UI's. Decided by the route that answered, not by the URL's spelling
 * (`//api/...`, `/%61pi/...`), and `no-store` when no route did (404s, errors).
 */
const cacheable = (route: string | undefined): boolean =>
  route !== undefined && (!route.startsWith('/api/') || route.startsWith('/api/schema/swagger-ui'));

/**
 * Sets `headers` on every answer, errors included (malformed URLs are answered by buildApp's
 * frameworkErrors with the same headers), and `Cache-Control: no-store` on every answer that is
 * not a web-app or Swagger UI file.
 */
export function registerSecurityHeaders(app: App, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!cacheable(request.routeOptions.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
