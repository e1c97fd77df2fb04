import { CLIENT_HEADER, forbiddenTextChar } from '@timberlog/contract';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { App, AppContext } from './infra/context.js';
import { ApiError, errorHandler, fieldError, validationToApiError } from './http/errors.js';
import { pickLocale } from './http/i18n.js';
import { createValidatorCompiler } from './http/validation.js';
import { cachedSerializers } from './http/schema-cache.js';
import { COMMA_SEPARATED, DetailError, FieldErrorsSchema, StatusOk } from './http/schema.js';
import { requireIfMatch } from './records/versions.js';
import { authRoutes, SessionSchema, TokenPairSchema } from './auth/routes.js';
import { userRoutes } from './users/routes.js';
import { Preferences, User, UserPage } from './users/schemas.js';
import { referenceRoutes, referenceSchemas } from './reference/routes.js';
import { waybillRoutes, waybillSchemas } from './waybills/routes.js';
import { worklogRoutes, worklogSchemas } from './worklogs/routes.js';
import { invoiceRoutes, invoiceSchemas } from './invoices/routes.js';
import { exportRoutes, exportSchemas } from './exports/routes.js';
import { adminRoutes } from './admin/routes.js';
import { summaryRoutes, summarySchemas } from './summary/routes.js';
import { historyRoutes, historySchemas } from './history/routes.js';
import { eventRoutes } from './events/routes.js';
import { savedViewRoutes, savedViewSchemas } from './saved-views/routes.js';
import { totalsRoutes, totalsSchemas } from './totals/routes.js';
import { bulkRoutes, bulkSchemas } from './waybills/bulk.js';
import { importSchemas } from './imports/importer.js';
import { waybillImportRoutes } from './waybills/import.js';
import { worklogImportRoutes } from './worklogs/import.js';
import { batchRoutes, batchSchemas } from './batch/service.js';
import { settingsRoutes, settingsSchemas } from './settings/routes.js';
import { incomingRoutes, incomingSchemas } from './evr/incoming-routes.js';
import { accessOf, registerAccessControl } from './auth/guards.js';
import { registerSecurityHeaders, securityHeadersFor } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';

/** The top-level field (or `nonFieldErrors`) of the first string holding a NUL character. */
function findForbiddenChar(value: unknown, field?: string, depth = 0): { field: string; key: string } | undefined {
  if (typeof value === 'string') {
    const key = forbiddenTextChar(value);
    return key ? { field: field ?? 'nonFieldErrors', key } : undefined;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [name, v] of Object.entries(value)) {
    const inName = forbiddenTextChar(name);
    if (inName) return { field: field ?? 'nonFieldErrors', key: inName };
    const hit = findForbiddenChar(v, field ?? (Array.isArray(value) ? undefined : name), depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

/** `url` with each run of slashes in its path (not its query) written as one. */
export function normalisePath(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  if (!pathPart.includes('//')) return url;
  return pathPart.replace(/\/{2,}/g, '/') + (q === -1 ? '' : url.slice(q));
}

/** Where the API's routes live: each module below registers its own under it. */
export const API_PREFIX = '/api';

/** The API's route modules (each a Fastify plugin whose paths are relative to API_PREFIX). */
const API_ROUTES = [
  authRoutes,
  userRoutes,
  referenceRoutes,
  waybillRoutes,
  worklogRoutes,
  invoiceRoutes,
  exportRoutes,
  summaryRoutes,
  historyRoutes,
  eventRoutes,
  savedViewRoutes,
  totalsRoutes,
  bulkRoutes,
  waybillImportRoutes,
  worklogImportRoutes,
  batchRoutes,
  adminRoutes,
  settingsRoutes,
  incomingRoutes,
] as const;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app from config.webDistDir (index.html for unknown non-API paths). */
  serveWeb?: boolean;
}

export const API_INFO = {
  title: 'Timberlog API',
  description:
    'Waybills, worklogs, invoices, users and report exports for timber logistics.\n\n' +
    'Concurrency: every record that can be changed carries a `version`, and its detail answers carry it as the ETag. ' +
    "Every write to an existing record (PUT, PATCH, DELETE and its actions: a status change, an invoice's retry or sending) " +
    'must send the version it was made over as a strong tag, `If-Match: "7"`: without one, or with `*`, the answer is ' +
    '428 and nothing changes; with a version the record has moved on from, or a weak tag (`W/"7"`, which never matches ' +
    'a strong comparison, RFC 9110), 412 with who changed it, when, and the record as it is now. A bulk action takes ' +
    'each picked row with its version (`rows`) and answers a row changed since as `stale`. Creating a record needs no If-Match.',
  version: '1.0.0',
  // A private product (the package is not published): no open-source licence applies.
  license: { name: 'Proprietary' },
};

/** Builds the HTTP app on an existing context (database, keys, mailer, job queue). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const securityHeaders = securityHeadersFor(ctx.config, options);
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    bodyLimit: 2 * 1024 * 1024,
    // A hop count or address list is accepted too; the typings' overloads only take the boolean form.
    trustProxy: ctx.config.trustProxy as boolean,
    ajv: { customOptions: {} },
    schemaController: { compilersFactory: { buildSerializer: cachedSerializers() } },
    // Fastify's own JSON parser (secure-json-parse) refuses prototype poisoning, escaped forms
    // such as "\u005f_proto__" included: `__proto__` keys and `constructor.prototype`, which later
    // spreads and merges would turn into properties of every object. The error handler answers 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A path with repeated slashes (`//api/user/me`) is the same route: written in its one form
    // before routing, so every hook (the API's `Cache-Control: no-store` among them) sees that form.
    rewriteUrl: (req) => normalisePath(req.url ?? '/'),
    // A URL the router cannot decode (`/api/user/%E0%A4%A/`) or a parameter past maxParamLength
    // is answered here, before any hook runs: with the same security headers as every answer.
    frameworkErrors: (_error, request, reply) => {
      const answer = reply as unknown as FastifyReply;
      answer.headers(securityHeaders).header('Cache-Control', 'no-store');
      answer.status(400).send(new ApiError(400, { key: 'url.invalid' }).body(pickLocale(request.headers['accept-language'])));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('ctx', ctx);
  app.decorateRequest('locale', 'en');
  app.decorateRequest('user', null);
  app.setValidatorCompiler(createValidatorCompiler());
  app.setSchemaErrorFormatter((errors) => validationToApiError(errors as never));
  app.setErrorHandler(errorHandler);

  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
  });

  // A write to an existing versioned record names the version it was made over (its schema lists
  // the If-Match header): refused with 428 before its body is looked at or anything is read, so a
  // client that forgets it learns so at once, whatever else is wrong with the request.
  app.addHook('preValidation', async (request) => {
    const headers = request.routeOptions.schema?.headers as { properties?: Record<string, unknown> } | undefined;
    if (headers?.properties?.['if-match']) requireIfMatch(request);
  });

  // Array query parameters the schema marks COMMA_SEPARATED (the contract's enum-valued `...In`
  // filters and `sort`, whose values hold no comma) may also come comma-separated:
  // statusIn=draft,confirmed. Any other value is taken whole ("Tamm, Jaan" is one worker).
  // Characters no text takes (the contract's FORBIDDEN_TEXT_CHARS: NUL, other controls, direction
  // overrides), in any parameter or body field: refused as bad input on the field, once, here.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const hit = findForbiddenChar(part);
      if (hit) throw fieldError(hit.field, hit.key);
    }
    const schema = request.routeOptions.schema?.querystring as
      | { properties?: Record<string, { type?: string; [COMMA_SEPARATED]?: boolean }> }
      | undefined;
    const query = request.query as Record<string, unknown> | undefined;
    if (!schema?.properties || !query) return;
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (prop.type !== 'array' || query[key] === undefined) continue;
      const values = Array.isArray(query[key]) ? (query[key] as unknown[]) : [query[key]];
      const split = prop[COMMA_SEPARATED] === true;
      // Empty values are dropped either way: `workerName=` chooses nothing.
      query[key] = values.flatMap((v) => (split && typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== '');
    }
  });

  registerSecurityHeaders(app, securityHeaders);

  // API answers over 1 kB (JSON, the API document, Swagger UI, CSV reports) are compressed on the fly,
  // Brotli or gzip by Accept-Encoding; XLSX is a zip already. The web app's files are compressed once,
  // by the build (see registerWebApp). Request bodies are not decompressed: none of our clients sends them so.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  // Answers up to 256 kB (a list page of 100 waybills is about 60 kB) are compressed in one
  // synchronous call: a stream through the thread pool cost a millisecond per answer, more than
  // compressing it (the plugin's default switches to the stream at 8 kB on two cores).
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
  });

  // Authentication before parsing and validation, closed unless a route is listed public.
  registerAccessControl(app);

  // Same origin only, unless CORS_ORIGINS names origins (in development: the web dev server).
  await app.register(cors, {
    origin: ctx.config.corsOrigins.length ? ctx.config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'If-Match', 'Idempotency-Key', CLIENT_HEADER],
    exposedHeaders: ['Retry-After', 'Content-Disposition', 'Allow', 'ETag'],
    maxAge: 3600,
  });

  for (const s of [
    DetailError,
    FieldErrorsSchema,
    StatusOk,
    TokenPairSchema,
    SessionSchema,
    User,
    Preferences,
    UserPage,
    ...referenceSchemas,
    ...waybillSchemas,
    ...worklogSchemas,
    ...invoiceSchemas,
    ...exportSchemas,
    ...summarySchemas,
    ...historySchemas,
    ...savedViewSchemas,
    ...totalsSchemas,
    ...bulkSchemas,
    ...importSchemas,
    ...batchSchemas,
    ...settingsSchemas,
    ...incomingSchemas,
  ]) {
    app.addSchema(s);
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: API_INFO,
      // Relative: the document is served by the API server itself, so Swagger UI calls the server it came from.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    // Each operation states its access decision (`x-access`: public, user or staff); the role
    // matrix test reads it from the document.
    transform: ({ schema, url, route }) => {
      const access = accessOf(String(route.method), url, route.config as { access?: 'user' | 'staff' } | undefined);
      return { schema: { ...schema, 'x-access': access, ...(access === 'public' ? { security: [] } : {}) } as typeof schema, url };
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? json.title ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/schema/swagger-ui', staticCSP: false });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());

  // Every module's routes under /api, each written relative to it (`/waybills/:number/`).
  for (const routes of API_ROUTES) await app.register(routes, { prefix: API_PREFIX });

  const indexHtml = path.join(ctx.config.webDistDir, 'index.html');
  if (options.serveWeb && fs.existsSync(indexHtml)) await registerWebApp(app, ctx.config.webDistDir);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.findRoute({ method, url }),
    );
    if (allowed.length > 0 && url.startsWith('/api/')) {
      reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send(new ApiError(405, { key: 'methodNotAllowed', params: { method: request.method } }).body(request.locale ?? 'en'));
      return;
    }
    reply.status(404).send(new ApiError(404, { key: 'notFound' }).body(request.locale ?? 'en'));
  });
  return app;
}
