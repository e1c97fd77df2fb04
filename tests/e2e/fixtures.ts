import { expect, test as base, type Page, type Response } from '@playwright/test';

export { expect };
export type { Download, Locator, Page } from '@playwright/test';

/**
 * An API error a test provokes on purpose (a wrong password, a record opened after its deletion, a
 * fourth export): the answer's status and a pattern of its `METHOD /path?query`.
 */
export interface ExpectedApiError {
  readonly status: number;
  readonly request: RegExp;
}

interface WatchFixtures {
  /**
   * Content-Security-Policy violations seen by any page of the test's browser context, as
   * `directive blocked what (where)`. The real server sends its policy on every answer: a test
   * with a violation left in this list fails when it ends.
   */
  readonly cspViolations: string[];
  /**
   * Answers of 400 and above from the API to any page of the test's browser context, as
   * `status METHOD /path?query`, but those the test expects (`expectedApiErrors`). A request the
   * app makes that is bound to fail is a bug the user never caused: a test with one left fails
   * when it ends.
   */
  readonly apiErrors: string[];
  /** The API errors the test provokes on purpose; set with `test.use({ expectedApiErrors: expectApiErrors(...) })`. */
  readonly expectedApiErrors: readonly ExpectedApiError[];
  /** Whether API errors fail the test: off only where every answer is a mock's on purpose (the stories). */
  readonly watchApiErrors: boolean;
}

declare global {
  interface Window {
    __reportCspViolation?: (text: string) => Promise<void>;
  }
}

const apiRequestOf = (response: Response): string | null => {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/api/')) return null;
  return `${response.request().method()} ${url.pathname}${url.search}`;
};

/**
 * For `test.use({ expectedApiErrors: expectApiErrors(...) })`: the API errors a file's tests provoke
 * on purpose. (Playwright reads a bare array of two or more items as a fixture's [value, options]
 * pair and would keep only the first; the list goes wrapped in such a pair.)
 */
export const expectApiErrors = (...errors: ExpectedApiError[]): [ExpectedApiError[], { scope: 'test' }] => [errors, { scope: 'test' }];

/** Playwright's `test` with the Content-Security-Policy and API error watches on for every test. */
export const test = base.extend<WatchFixtures>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
          void window.__reportCspViolation?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}`);
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  expectedApiErrors: [[], { option: true }],
  watchApiErrors: [true, { option: true }],
  apiErrors: [
    async ({ context, expectedApiErrors, watchApiErrors }, use) => {
      const errors: string[] = [];
      context.on('response', (response) => {
        if (!watchApiErrors) return;
        const status = response.status();
        if (status < 400) return;
        const request = apiRequestOf(response);
        if (request === null) return;
        if (expectedApiErrors.some((expected) => expected.status === status && expected.request.test(request))) return;
        errors.push(`${status} ${request}`);
      });
      await use(errors);
      expect(errors, 'API errors the user did not cause').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Where the screens are photographed for people to look at (`npm run screenshots` sets it). A
 * picture checks nothing by itself, so the test run takes none: a test that is only pictures is
 * skipped there, and the others take theirs only when this is set.
 */
export const SHOTS = process.env.SHOTS;

/** A full picture of the page into SHOTS, when set. */
export const shoot = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
};
