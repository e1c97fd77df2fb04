import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVR_MEASUREMENT_TOLERANCE_PERCENT, INVOICE, isTolerancePercent } from '@timberlog/contract';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root (two levels above server/src/shared). */
export const REPO_ROOT = path.resolve(here, '../../..');
export const SERVER_ROOT = path.resolve(here, '../..');

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/**
 * A secret setting: `NAME`, or the content of the file `NAME_FILE` names (container secrets such
 * as /run/secrets/jwt-private.pem), so secrets need not sit in the environment.
 */
export function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (env[name] || !file) return env[name] || undefined;
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    throw new Error(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/** Relative paths mean relative to where the command was typed (npm sets INIT_CWD; `-w server` changes the cwd). */
const fromInvocation = (p: string) => path.resolve(process.env.INIT_CWD || process.cwd(), p);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Absolute session lifetime: refresh rotation ends this long after the sign-in. */
  sessionMaxAgeSeconds: number;
  jwtPrivateKey: string | undefined;
  jwtPublicKey: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  accountingSyncUrl: string | undefined;
  /**
   * EVR, the register of timber e-waybills (EVR_URL, e.g. https://evr.veoseleht.ee, and the
   * company's EVR_API_KEY, which is never logged or answered). Without both the connection is off;
   * in demo mode the local stand-in (EVR_STANDIN_PORT, 3100) takes its place.
   */
  evrUrl: string | undefined;
  evrApiKey: string | undefined;
  /** How long one call to EVR may take (EVR_TIMEOUT_MS, 15 s). */
  evrTimeoutMs: number;
  /** How often EVR's changes are read (EVR_POLL_SECONDS, 30 s). */
  evrPollSeconds: number;
  /**
   * How far the receiver's measurement may differ from the load shipped, in percent, before the
   * waybill counts as measured off (EVR_MEASUREMENT_TOLERANCE_PERCENT, the contract's default 3).
   */
  evrTolerancePercent: number;
  vatRate: string;
  rateLimitWindowSeconds: number;
  rateLimitPerAddress: number;
  /** Failed sign-ins / reset requests per account from one address per window (the strict limit). */
  rateLimitPerAccount: number;
  /** Failed sign-ins / reset requests per account from all addresses per window (the looser ceiling). */
  rateLimitAccountCeiling: number;
  /** Sign-ups per client address per window. */
  rateLimitSignupPerAddress: number;
  jobPollingSeconds: number;
  webDistDir: string;
  logLevel: string;
  /** Origins allowed to call the API from a browser besides its own; empty: same origin only. */
  corsOrigins: string[];
  /** Exports one user may have in progress at once (more: 429). */
  exportsInProgressPerUser: number;
  /**
   * Export job workers in this process: with two, one long export does not hold up the next, even
   * on one core (the two then share it). With none, this process only takes export requests; a
   * process with workers on the same database runs them.
   */
  exportWorkers: number;
  /**
   * How long one export attempt may run. An attempt still running then (its server was killed, or
   * it is stuck) is given up and the export is retried on any instance, from the start.
   */
  exportJobExpireSeconds: number;
  /** Days a finished report's file (and its request) is kept. */
  reportRetentionDays: number;
  /** The time zone (IANA name) report files write timestamps in (EXPORT_TIME_ZONE, default Europe/Tallinn). */
  exportTimeZone: string;
  /** Days a sign-up whose address was never confirmed is kept before it is deleted (the address is free again). */
  unverifiedSignupDays: number;
  /** The one-command demo (embedded database, not NODE_ENV=production): prints mail links to the terminal. */
  demoMode: boolean;
  /** Fastify's trustProxy: false, true, a hop count or a list of proxy addresses. */
  trustProxy: boolean | number | string[];
  /**
   * Whether a start applies pending migrations itself (MIGRATE_ON_START): yes for the demo; in
   * production `npm run migrate -w server` is the release step and a start on an older schema stops.
   */
  migrateOnStart: boolean;
  /** The seller an invoice names (VAT Act § 37): the company running Timberlog. */
  seller: SellerSettings;
  /** What the accounting connector posts: our invoice JSON, or the EN 16931 e-invoice (UBL 2.1 XML). */
  accountingSyncFormat: 'json' | 'ubl';
  /**
   * Our own company's registry code (OWN_COMPANY_REGISTRY_CODE, by default the seller's): a new
   * waybill's transporter unless it names another, when the company is in the reference data.
   */
  ownCompany: string;
}

/** The seller's details on every invoice, from SELLER_* settings; empty when not set (outside the demo). */
export interface SellerSettings {
  name: string;
  registryCode: string;
  vatNumber: string;
  /** Street and number, postal code and town, on one line: `Metsa tn 1, 10111 Tallinn`. */
  address: string;
  /** ISO 3166-1 alpha-2 country code of the address. */
  country: string;
  iban: string;
  bankName: string;
  email: string;
}

/** The settings an invoice cannot be made without, by the seller field they fill. */
export const SELLER_REQUIRED = {
  name: 'SELLER_NAME',
  registryCode: 'SELLER_REGISTRY_CODE',
  vatNumber: 'SELLER_VAT_NUMBER',
  address: 'SELLER_ADDRESS',
  iban: 'SELLER_IBAN',
} as const satisfies Partial<Record<keyof SellerSettings, string>>;

/** The demo's seller: made-up details of a timber trading company (the IBAN is a well-formed example). */
export const DEMO_SELLER: SellerSettings = {
  name: 'Timberlog Demo OÜ',
  registryCode: '12345678',
  vatNumber: 'EE123456789',
  address: 'Metsa tn 1, 10111 Tallinn',
  country: 'EE',
  iban: 'EE382200221020145685',
  bankName: 'Swedbank',
  email: 'arved@timberlog.ee',
};

/** The names of the required seller settings that are empty: an invoice cannot be made while any is. */
export const missingSellerSettings = (seller: SellerSettings): string[] =>
  Object.entries(SELLER_REQUIRED)
    .filter(([field]) => !seller[field as keyof typeof SELLER_REQUIRED].trim())
    .map(([, name]) => name);

function sellerSettings(env: NodeJS.ProcessEnv, demo: boolean): SellerSettings {
  const base: SellerSettings = demo
    ? DEMO_SELLER
    : { name: '', registryCode: '', vatNumber: '', address: '', country: 'EE', iban: '', bankName: '', email: '' };
  const val = (name: string, fallback: string) => env[name]?.trim() || fallback;
  return {
    name: val('SELLER_NAME', base.name),
    registryCode: val('SELLER_REGISTRY_CODE', base.registryCode),
    vatNumber: val('SELLER_VAT_NUMBER', base.vatNumber),
    address: val('SELLER_ADDRESS', base.address),
    country: val('SELLER_COUNTRY', base.country).toUpperCase(),
    iban: val('SELLER_IBAN', base.iban).replace(/\s+/g, ''),
    bankName: val('SELLER_BANK_NAME', base.bankName),
    email: val('SELLER_EMAIL', base.email),
  };
}

function syncFormat(raw: string | undefined): 'json' | 'ubl' {
  if (!raw || raw === 'json') return 'json';
  if (raw === 'ubl') return 'ubl';
  throw new Error(`ACCOUNTING_SYNC_FORMAT must be json or ubl, got "${raw}"`);
}

/** EXPORT_TIME_ZONE: an IANA time zone name the runtime knows (Europe/Tallinn unless set). */
function timeZone(raw: string | undefined): string {
  const zone = raw?.trim() || 'Europe/Tallinn';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`EXPORT_TIME_ZONE must be a time zone name like Europe/Tallinn, got "${zone}"`);
  }
}

function trustProxy(raw: string | undefined): boolean | number | string[] {
  if (!raw || raw === 'false') return false;
  // `true` would believe any caller's X-Forwarded-For: everyone could pick an address and escape the limits.
  if (raw === 'true')
    throw new Error(
      "TRUST_PROXY=true would trust any X-Forwarded-For header: set the number of proxy hops (e.g. 1) or the proxies' addresses",
    );
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The web app's dev server (`npm run dev`), allowed by default outside production. */
export const DEV_CORS_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];

/**
 * CORS_ORIGINS when set (comma-separated origins; `-` or empty: none); otherwise none in
 * production (NODE_ENV=production or DATABASE_URL) and the web dev server in development.
 * `null` and `*` are never allowed: a sandboxed page or any site would be let in.
 */
function corsOrigins(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): string[] {
  if (env.CORS_ORIGINS === undefined) return env.NODE_ENV === 'production' || databaseUrl ? [] : DEV_CORS_ORIGINS;
  const list = env.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter((o) => o && o !== '-');
  for (const origin of list) {
    if (origin === 'null' || origin === '*' || !/^https?:\/\/[^/]+$/.test(origin))
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
  }
  return list;
}

/** Reads the environment once; everything else takes an AppConfig. */
export function loadConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const env = process.env;
  const databaseUrl = secret(env, 'DATABASE_URL');
  const cfg: AppConfig = {
    port: int('PORT', 8080),
    // The demo's staff password is public: unless HOST says otherwise it answers this computer only.
    host: env.HOST || (env.NODE_ENV === 'production' || databaseUrl ? '0.0.0.0' : '127.0.0.1'),
    dataDir: env.DATA_DIR ? fromInvocation(env.DATA_DIR) : path.join(REPO_ROOT, '.data'),
    databaseUrl,
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 300),
    refreshTokenTtlSeconds: int('REFRESH_TOKEN_TTL_SECONDS', 86400),
    sessionMaxAgeSeconds: int('SESSION_MAX_AGE_SECONDS', 30 * 86400),
    jwtPrivateKey: secret(env, 'JWT_PRIVATE_KEY'),
    jwtPublicKey: secret(env, 'JWT_PUBLIC_KEY') || env.APP_PUBLIC_JWT_PUBLIC_KEY || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    smtpUrl: secret(env, 'SMTP_URL'),
    mailFrom: env.MAIL_FROM || 'Timberlog <no-reply@timberlog.local>',
    accountingSyncUrl: env.ACCOUNTING_SYNC_URL || undefined,
    evrUrl: env.EVR_URL?.trim() || undefined,
    evrApiKey: env.EVR_API_KEY?.trim() || undefined,
    evrTimeoutMs: Number(env.EVR_TIMEOUT_MS || 15_000),
    evrPollSeconds: Math.max(1, Number(env.EVR_POLL_SECONDS || 30)),
    evrTolerancePercent: Number(env.EVR_MEASUREMENT_TOLERANCE_PERCENT?.trim() || EVR_MEASUREMENT_TOLERANCE_PERCENT),
    vatRate: env.VAT_RATE || INVOICE.vatRateDefault,
    rateLimitWindowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 300),
    rateLimitPerAddress: int('RATE_LIMIT_PER_ADDRESS', 100),
    rateLimitPerAccount: int('RATE_LIMIT_PER_ACCOUNT', 10),
    rateLimitAccountCeiling: int('RATE_LIMIT_ACCOUNT_CEILING', 50),
    rateLimitSignupPerAddress: int('RATE_LIMIT_SIGNUP_PER_ADDRESS', 10),
    jobPollingSeconds: Number(env.JOB_POLLING_SECONDS || '1'),
    webDistDir: env.WEB_DIST_DIR ? fromInvocation(env.WEB_DIST_DIR) : path.join(REPO_ROOT, 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    migrateOnStart: env.MIGRATE_ON_START ? env.MIGRATE_ON_START === 'true' : !(env.NODE_ENV === 'production' || databaseUrl),
    corsOrigins: corsOrigins(env, databaseUrl),
    exportsInProgressPerUser: int('EXPORTS_IN_PROGRESS_PER_USER', 3),
    exportWorkers: Math.max(0, int('EXPORT_WORKERS', 2)),
    exportJobExpireSeconds: int('EXPORT_JOB_EXPIRE_SECONDS', 900),
    reportRetentionDays: int('REPORT_RETENTION_DAYS', 7),
    exportTimeZone: timeZone(env.EXPORT_TIME_ZONE),
    unverifiedSignupDays: int('UNVERIFIED_SIGNUP_DAYS', 7),
    demoMode: !(env.NODE_ENV === 'production' || databaseUrl),
    seller: sellerSettings(env, !(env.NODE_ENV === 'production' || databaseUrl)),
    accountingSyncFormat: syncFormat(env.ACCOUNTING_SYNC_FORMAT),
    ownCompany: '',
    ...overrides,
  };
  cfg.ownCompany ||= env.OWN_COMPANY_REGISTRY_CODE?.trim() || cfg.seller.registryCode;
  if (cfg.ownCompany && !/^\d{8}$/.test(cfg.ownCompany))
    throw new Error(`OWN_COMPANY_REGISTRY_CODE must be a registry code of 8 digits, got "${cfg.ownCompany}"`);
  if (cfg.exportJobExpireSeconds < 1 || cfg.exportJobExpireSeconds > 43200)
    throw new Error(`EXPORT_JOB_EXPIRE_SECONDS must be between 1 and 43200 (12 hours), got ${cfg.exportJobExpireSeconds}`);
  if (!/^[A-Z]{2}$/.test(cfg.seller.country))
    throw new Error(`SELLER_COUNTRY must be a two-letter country code like EE, got "${cfg.seller.country}"`);
  if (!isTolerancePercent(cfg.evrTolerancePercent))
    throw new Error(
      `EVR_MEASUREMENT_TOLERANCE_PERCENT must be a percentage from 0 to 100, like 3 or 2.5, got "${env.EVR_MEASUREMENT_TOLERANCE_PERCENT}"`,
    );
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cfg.vatRate)) throw new Error(`VAT_RATE must look like 24.00, got "${cfg.vatRate}"`);
  return cfg;
}
