import { expect, test as base } from '@playwright/test';

export { expect };
export type { Download, Locator, Page } from '@playwright/test';

interface CspFixtures {
  /**
   * Content-Security-Policy violations seen by any page of the test's browser context, as
   * `directive blocked what (where)`. The real server sends its policy on every answer: a test
   * with a violation left in this list fails when it ends.
   */
  readonly cspViolations: string[];
}

declare global {
  interface Window {
    __reportCspViolation?: (text: string) => Promise<void>;
  }
}

/** Playwright's `test` with the Content-Security-Policy watch on for every test. */
export const test = base.extend<CspFixtures>({
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
});
