import { createDemoData } from '@timberlog/contract/demo-data';
import type { AppConfig } from '../infra/config.js';
import type { DB } from '../infra/db.js';
import { verifyPassword } from '../users/rules.js';

/**
 * Demo mode is explicit: `npm start` on the embedded database is the one-command demo (seeded
 * with the demo data and its well-known accounts). A production start (`NODE_ENV=production`, or
 * `DATABASE_URL` set) never seeds, needs PUBLIC_URL, and refuses to run while an active demo
 * account still has its well-known password.
 */
export type StartMode = 'demo' | 'production';

export function startMode(config: Pick<AppConfig, 'databaseUrl'>, env: NodeJS.ProcessEnv = process.env): StartMode {
  return env.NODE_ENV === 'production' || config.databaseUrl ? 'production' : 'demo';
}

/** Every demo account and its password (the README lists the same). */
export function demoAccounts(): { email: string; password: string }[] {
  const { passwords } = createDemoData({ waybills: 0, worklogs: 0 });
  return Object.entries(passwords).map(([email, password]) => ({ email, password }));
}

/**
 * The demo accounts present in the database that sign in with their well-known password. Only
 * active accounts count: they are the ones that can sign in, and no one outside can make one (a
 * sign-up is inactive until its address is confirmed and staff activate it), so an anonymous
 * sign-up under a demo address with its published password cannot stop a production start.
 */
export async function demoAccountsWithKnownPasswords(db: DB): Promise<string[]> {
  const accounts = demoAccounts();
  const rows = await db
    .selectFrom('users')
    .select(['email', 'passwordHash'])
    .where(
      'email',
      'in',
      accounts.map((a) => a.email),
    )
    .where('isActive', '=', true)
    .execute();
  const known: string[] = [];
  for (const row of rows) {
    const account = accounts.find((a) => a.email === row.email)!;
    if (await verifyPassword(row.passwordHash, account.password)) known.push(row.email);
  }
  return known.sort();
}

/** Throws the reason a production start must not go on (the caller prints it and exits). */
export function checkProductionConfig(config: Pick<AppConfig, 'publicUrl'>): void {
  if (!config.publicUrl)
    throw new Error(
      'A production start (NODE_ENV=production or DATABASE_URL set) needs PUBLIC_URL, the address users reach (e.g. https://timberlog.example.com).',
    );
}

export async function checkNoDemoAccounts(db: DB): Promise<void> {
  const known = await demoAccountsWithKnownPasswords(db);
  if (known.length > 0) {
    throw new Error(
      `Refusing to start in production: these active demo accounts still have their well-known passwords (listed in the README): ${known.join(', ')}. Delete them or set new passwords first.`,
    );
  }
}

/** Whether `host` is a loopback address: only this computer reaches a server listening there. */
export const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** Which interfaces the server listens on, in words (the banner says it at every start). */
export function listenLine(host: string): string {
  if (isLoopback(host)) return `  Listening: ${host} only (this computer). Set HOST=0.0.0.0 to let other machines in.\n`;
  return `  Listening: ${host === '0.0.0.0' || host === '::' ? 'every interface' : host} (HOST=${host}).\n`;
}

/** The start-up banner: where it runs and on which interfaces, and, in demo mode, which accounts exist (never a password). */
export function startupBanner(mode: StartMode, url: string, data: string, host?: string): string {
  const line = '-'.repeat(64);
  const demo =
    mode === 'demo'
      ? `DEMO MODE: the database holds the demo data and its demo accounts (staff and ordinary);\n  their passwords are public, listed in the README (Security, and server/README.md).\n  For real use start with NODE_ENV=production (see the README's security section).\n`
      : '';
  return `\n${line}\nTimberlog is running at ${url}\n  API docs:  ${url}/api/schema/swagger-ui/\n  OpenAPI:   ${url}/api/schema/\n  Data:      ${data}\n${host === undefined ? '' : listenLine(host)}${demo}Press Ctrl-C to stop.\n${line}\n`;
}
