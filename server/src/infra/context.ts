import type pg from 'pg';
import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config.js';
import type { DB } from './db.js';
import type { KeyPair } from './keys.js';
import type { Mailer } from './mail.js';
import type { Jobs } from './jobs.js';
import type { Limits } from '../auth/rate-limit.js';
import type { UserCache } from '../auth/user-cache.js';
import type { EventHub } from '../events/hub.js';
import type { Listener } from './listener.js';
import type { Locale } from '@timberlog/contract';

export interface AppContext {
  config: AppConfig;
  db: DB;
  pool: pg.Pool;
  /** For list statements planned once for every value (infra/db.ts createPlannedOncePool). */
  plannedOnce: pg.Pool;
  keys: KeyPair;
  mailer: Mailer;
  jobs: Jobs;
  /** Rate limits in PostgreSQL (sign-in, forgot-password, sign-up). */
  limits: Limits;
  /** The accounts bearer tokens were checked against, dropped when the database announces a change. */
  accounts: UserCache;
  /** Live change events from PostgreSQL, fanned out to this instance's event streams. */
  events: EventHub;
  /** The instance's one LISTEN connection, which feeds `accounts` and `events`. */
  listener: Listener;
  /** For work outside a request (jobs); a request logs through `request.log`. */
  log: FastifyBaseLogger;
}

export interface AuthUser {
  email: string;
  name: string;
  isStaff: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    locale: Locale;
    user: AuthUser | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
