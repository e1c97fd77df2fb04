import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { INVOICE_STATUSES, WAYBILL_STATUSES } from '@timberlog/contract';
import { importPKCS8, SignJWT } from 'jose';

// The test key pair's private half: the test build (.env.test) verifies tokens with its public half.
const privateKey = importPKCS8(readFileSync(new URL('../fixtures/jwt-test-private.pem', import.meta.url), 'utf8'), 'RS256');

export interface SeedOptions {
  readonly isStaff?: boolean;
}

/**
 * Signs the page in without a server (the shell tests run on the static build): a valid access
 * token in the stored session, and the API at the test build's backend answered with a user and
 * empty lists. Takes effect from the page's next navigation.
 */
export async function seedSession(page: Page, { isStaff = false }: SeedOptions = {}): Promise<void> {
  const email = isStaff ? 'admin@example.com' : 'mari.maasikas@example.com';
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({ token_type: 'access', user_id: email, is_staff: isStaff })
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .setJti(`e2e-${now}`)
    .sign(await privateKey);

  await page.route('**/api/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.startsWith('/api/user/me')) {
      return route.fulfill({
        json: {
          email,
          name: isStaff ? 'Admin' : 'Mari Maasikas',
          isActive: true,
          isStaff,
          dateJoined: '2026-01-05T08:00:00Z',
          lastLogin: null,
          createdAt: '2026-01-05T08:00:00Z',
          lastModifiedAt: '2026-01-05T08:00:00Z',
        },
      });
    }
    if (pathname === '/api/summary' || pathname === '/api/summary/') {
      const none = (statuses: readonly string[]) => Object.fromEntries(statuses.map((status) => [status, 0]));
      return route.fulfill({
        json: {
          waybillsByStatus: none(WAYBILL_STATUSES),
          invoicesByStatus: none(INVOICE_STATUSES),
          usersAwaitingActivation: isStaff ? 0 : null,
        },
      });
    }
    return route.fulfill({ json: emptyAnswer(pathname) });
  });

  // Stored before any of the app's scripts run, once per tab: writing it into a running app
  // races redux-persist, whose next flush would put the app's own (signed-out) session back.
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', '1');
    const saved = JSON.parse(localStorage.getItem('persist:timberlog') ?? '{}') as Record<string, string>;
    saved.session = JSON.stringify({ accessToken: token, refreshToken: null, sessionExpired: false, sessionInitialized: true });
    saved._persist ??= JSON.stringify({ version: -1, rehydrated: true });
    localStorage.setItem('persist:timberlog', JSON.stringify(saved));
  }, accessToken);
}

/** Monday of the ISO week of `day` (YYYY-MM-DD). */
const mondayOf = (day: Date): Date =>
  new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7)));
const isoDay = (day: Date): string => day.toISOString().slice(0, 10);

/** What the API answers with no records, in each route's own shape: an empty page, empty totals, empty charts. */
function emptyAnswer(pathname: string): unknown {
  const zeroQuantity = { m3: '0.000', t: '0.000' };
  if (pathname === '/api/waybills/totals/') return { count: 0, quantity: zeroQuantity, mileage: 0 };
  if (pathname === '/api/worklogs/totals/') return { count: 0, quantity: zeroQuantity, durationMinutes: 0 };
  if (pathname === '/api/invoices/totals/') return { count: 0, netTotal: '0.00', vatTotal: '0.00', grossTotal: '0.00' };
  if (pathname === '/api/summary/charts') {
    const today = new Date();
    const monday = mondayOf(today);
    const weeks = Array.from({ length: 12 }, (_, i) => isoDay(new Date(monday.getTime() - (11 - i) * 7 * 86_400_000)));
    const months = Array.from({ length: 12 }, (_, i) =>
      isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + i, 1))),
    );
    return { today: isoDay(today), weeks, hauls: [], month: months[11], topDestinations: [], months, invoicing: [] };
  }
  return { count: 0, next: null, previous: null, results: [] };
}
