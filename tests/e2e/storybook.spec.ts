import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { expect, test, type Page } from './fixtures';
import { e2ePort } from './realServer';

// The stories as the built Storybook lists them; a new story is a new check here too. This is the
// product's one story runner: every story renders in the real browser, its play function runs, and
// axe checks what it shows, colour contrast included (which a DOM without layout cannot check).
const STORYBOOK = `http://127.0.0.1:${e2ePort(3101)}`;
const index = JSON.parse(readFileSync(new URL('../../storybook-static/index.json', import.meta.url), 'utf8')) as {
  entries: Record<string, { id: string; type: string; title: string; name: string; importPath: string }>;
};
// STORY_FILTER (a part of the story ids, e.g. `bulk-actions`) walks only those: to check a few while working on them.
const stories = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && entry.id.includes(process.env.STORY_FILTER ?? ''))
  .slice(0, Number(process.env.STORY_LIMIT) || undefined);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The walk is split into this many tests, each with a fresh page, which Playwright's workers take
 * one after another as they come free (so a slow part does not keep one worker busy alone).
 */
const SHARDS = Math.min(8, stories.length);

/**
 * Rules about a whole page (landmarks, a level-one heading, the document's title): a story shows one
 * piece of a page, so these are checked on the app's pages instead (shell.spec.ts).
 */
const PAGE_RULES = ['region', 'landmark-one-main', 'page-has-heading-one', 'bypass', 'document-title', 'html-has-lang'];

// The stories' API answers are their mocks', errors included on purpose; each story's play
// function checks what the user reads of them.
test.use({ watchApiErrors: false });
test.describe.configure({ mode: 'parallel' });

type Phase = string | undefined;

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: Phase } };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
  axe?: {
    run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact?: string; nodes: { target: unknown[] }[] }[] }>;
  };
}

/** Shows a story in the preview already loaded (as Storybook's own manager does) and waits until it has played. */
const showStory = async (page: Page, id: string): Promise<Phase> => {
  await page.evaluate((storyId) => {
    const preview = window as unknown as PreviewWindow;
    preview.__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', { storyId, viewMode: 'story' });
  }, id);
  const done = await page.waitForFunction((storyId) => {
    const render = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
    if (render?.id !== storyId) return null;
    return render.phase === 'finished' || render.phase === 'errored' || render.phase === 'aborted' ? render.phase : null;
  }, id);
  return (await done.jsonValue()) as Phase;
};

/**
 * axe's findings on the story as shown (the root and any dialog in a portal), once it has settled:
 * a list dims its rows while new ones arrive and fades them back in, so a region still busy after a
 * moment is a story of the waiting itself, whose dimmed colours are not held to the contrast rule.
 */
const axeViolations = async (page: Page): Promise<string[]> => {
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 1_000 })
    .catch(() => undefined);
  return page.evaluate(async (pageRules) => {
    // Transitions that end (a spinner's endless turn never does).
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    const axe = (window as unknown as PreviewWindow).axe!;
    const { violations } = await axe.run(document.body, {
      rules: Object.fromEntries(pageRules.map((rule) => [rule, { enabled: false }])),
      resultTypes: ['violations'],
    });
    const busy = (target: unknown[]) => {
      const selector = target.at(-1);
      return typeof selector === 'string' && document.querySelector(selector)?.closest('[aria-busy="true"]') != null;
    };
    return violations
      .map((violation) => ({
        ...violation,
        nodes: violation.id === 'color-contrast' ? violation.nodes.filter((node) => !busy(node.target)) : violation.nodes,
      }))
      .filter((violation) => violation.nodes.length > 0)
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }, PAGE_RULES);
};

for (let shard = 0; shard < SHARDS; shard += 1) {
  const mine = stories.filter((_, position) => position % SHARDS === shard);

  test(`stories ${shard + 1} of ${SHARDS}: each renders, passes its play function and has no axe violations`, async ({ page }) => {
    test.setTimeout(60_000 + mine.length * 3_000);
    expect(mine.length).toBeGreaterThan(0);
    const failures: string[] = [];
    let errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });

    // The preview loads once; each story is then shown in it, as Storybook's own manager does.
    await page.goto(`${STORYBOOK}/iframe.html?id=${mine[0]?.id ?? ''}&viewMode=story`);
    await page.addScriptTag({ content: axeSource });

    for (const story of mine) {
      errors = [];
      const started = Date.now();
      const phase = await showStory(page, story.id);
      const played = Date.now();
      // Something shows: text, or a control named for assistive technology (an icon button).
      const root = page.locator('#storybook-root');
      // A dialog renders outside the root, in a portal of its own.
      const blank =
        (await root.innerText()).trim() === '' &&
        (await root.locator('[aria-label], [title], img[alt]').count()) === 0 &&
        (await page.getByRole('dialog').count()) === 0;
      // A query a play function retries until it holds (waitFor, findBy) may be reported as an error
      // on the console for the attempts before; once the play has finished, it held.
      if (phase === 'finished') errors = errors.filter((error) => !error.startsWith('TestingLibraryElementError'));
      const violations = phase === 'finished' ? await axeViolations(page) : [];
      if (process.env.STORY_TIMES) console.log(`${played - started} ms + ${Date.now() - played} ms ${story.id} (shard ${shard + 1})`);
      if (phase !== 'finished' || blank || errors.length > 0 || violations.length > 0) {
        failures.push(
          `${story.title} / ${story.name}: ${String(phase)}${blank ? ' blank' : ''} ${[...errors, ...violations].join('; ').slice(0, 400)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
}
