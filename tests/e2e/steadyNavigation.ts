import { expect, type Page } from '@playwright/test';

/**
 * Navigations that wait for the app's session to be steady. The browser tests' access tokens live
 * 8 seconds, so the app refreshes its session often; a full navigation (`page.goto`) while that
 * call is under way cuts it off after the server has rotated the refresh token, and the new page
 * then loads with the spent one and is signed out. `goto` waits until no refresh is under way and
 * the app has stored the refresh token the server issued last. Call before signing in.
 */
export function steadyNavigation(page: Page): { goto: (path: string) => Promise<void> } {
  let refreshing = 0;
  // Not network idle: the live-updates stream keeps a request open for good.
  const isRefresh = (request: { url: () => string }) => request.url().endsWith('/api/auth/session');
  page.on('request', (request) => {
    if (isRefresh(request)) refreshing += 1;
  });
  const settled = (request: { url: () => string }) => {
    if (isRefresh(request)) refreshing -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  let issued: string | null = null;
  page.on('response', async (response) => {
    if (!isRefresh(response.request()) || response.status() !== 200) return;
    issued = ((await response.json().catch(() => ({}))) as { refreshToken?: string }).refreshToken ?? issued;
  });
  const stored = () =>
    page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('persist:timberlog') ?? '{}') as { session?: string };
      return (JSON.parse(saved.session ?? '{}') as { refreshToken?: string }).refreshToken ?? null;
    });
  return {
    goto: async (path) => {
      await expect.poll(() => refreshing).toBe(0);
      if (issued !== null) await expect.poll(stored).toBe(issued);
      await page.goto(path);
    },
  };
}
