import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from './fixtures';

/**
 * The serious and critical axe findings of the page as the user sees it once it has settled: no
 * region busy loading (a list dims its rows while new ones arrive) and no transition running
 * (the rows fade back in), so a passing moment is not checked for contrast.
 */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};
