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

/** How a story ended, as Storybook's preview reports it: `success`, or `error` with what was thrown. */
interface Outcome {
  status: 'success' | 'error' | 'timeout';
  errors: string[];
}

interface PreviewWindow {
  __STORYBOOK_ADDONS_CHANNEL__?: {
    emit(event: string, payload: unknown): void;
    on(event: string, listener: (payload: never) => void): void;
  };
  __storyOutcomes?: Record<string, Outcome>;
  /** What the story being shown has thrown so far. */
  __storyThrown?: string[];
  axe?: {
    run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact?: string; nodes: { target: unknown[] }[] }[] }>;
  };
}

/**
 * Listens, once per page, to the preview's own reports: `storyFinished` (the story's status, failed
 * when its play function threw or an error went unhandled while it played) and the exceptions
 * themselves. The render's phase is no such signal: after a play function throws, it still ends
 * `finished`.
 */
const listenForOutcomes = (page: Page) =>
  page.evaluate(() => {
    const preview = window as unknown as PreviewWindow;
    const outcomes: Record<string, Outcome> = {};
    preview.__storyOutcomes = outcomes;
    const thrown: string[] = [];
    preview.__storyThrown = thrown;
    const text = (error: { message?: string; name?: string }) =>
      `${error.name ?? 'Error'}: ${error.message ?? JSON.stringify(error)}`.slice(0, 300);
    const channel = preview.__STORYBOOK_ADDONS_CHANNEL__!;
    channel.on('playFunctionThrewException', (error: { message?: string; name?: string }) => thrown.push(text(error)));
    channel.on('storyThrewException', (error: { message?: string; name?: string }) => thrown.push(text(error)));
    channel.on('unhandledErrorsWhilePlaying', (errors: { message?: string; name?: string }[]) => thrown.push(...errors.map(text)));
    channel.on('storyErrored', (error: { title?: string; description?: string }) =>
      thrown.push(`${error.title}: ${error.description}`.slice(0, 300)),
    );
    channel.on('storyFinished', ({ storyId, status }: { storyId: string; status: 'success' | 'error' }) => {
      outcomes[storyId] = { status: status === 'success' && thrown.length === 0 ? 'success' : 'error', errors: [...thrown] };
    });
  });

/** Shows a story in the preview already loaded (as Storybook's own manager does) and waits until it has played. */
const showStory = async (page: Page, id: string): Promise<Outcome> => {
  await page.evaluate((storyId) => {
    const preview = window as unknown as PreviewWindow;
    delete preview.__storyOutcomes![storyId];
    preview.__storyThrown!.length = 0;
    preview.__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', { storyId, viewMode: 'story' });
  }, id);
  const done = await page
    .waitForFunction((storyId) => (window as unknown as PreviewWindow).__storyOutcomes![storyId] ?? null, id, { timeout: 20_000 })
    .catch(() => null);
  return done ? ((await done.jsonValue()) as Outcome) : { status: 'timeout', errors: [] };
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
    // Transitions that end (a spinner's endless turn never does) and still run (Storybook pauses
    // the story's animations at their end once it has played).
    const ending = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
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

    // Storybook's preview knows its test runner by this mark in the user agent: it then ends each
    // story with its animations at their end and paused, and transitions off, instead of waiting
    // for them (a spinner's endless turn would otherwise redraw the page for as long as it shows).
    await page.addInitScript(() => {
      const agent = `${navigator.userAgent} StorybookTestRunner`;
      Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => agent });
    });
    // The preview loads once, at first showing no story; each story is then shown in it (as
    // Storybook's own manager does) and reported from its start.
    await page.goto(`${STORYBOOK}/iframe.html?viewMode=story`);
    await page.waitForFunction(() => (window as unknown as PreviewWindow).__STORYBOOK_ADDONS_CHANNEL__ !== undefined);
    await listenForOutcomes(page);
    await page.addScriptTag({ content: axeSource });

    for (const story of mine) {
      errors = [];
      const started = Date.now();
      const outcome = await showStory(page, story.id);
      const played = Date.now();
      // Something shows, within a moment (a story without a play function ends as soon as it has
      // rendered, before its mocked answers arrive): text, or a control named for assistive
      // technology (an icon button), in the root or in a dialog (a portal of its own).
      const blank = await page
        .waitForFunction(
          () => {
            const root = document.querySelector<HTMLElement>('#storybook-root');
            return (
              (root?.innerText.trim() ?? '') !== '' ||
              root?.querySelector('[aria-label], [title], img[alt]') != null ||
              document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') != null
            );
          },
          undefined,
          { timeout: 2_000 },
        )
        .then(
          () => false,
          () => true,
        );
      // A query a play function retries until it holds (waitFor, findBy) may be reported as an error
      // on the console for the attempts before: a play function that passed, passed, and one that
      // threw says what in its outcome.
      errors = errors.filter((error) => !error.startsWith('TestingLibraryElementError'));
      const violations = outcome.status === 'success' ? await axeViolations(page) : [];
      if (process.env.STORY_TIMES) console.log(`${played - started} ms + ${Date.now() - played} ms ${story.id} (shard ${shard + 1})`);
      if (outcome.status !== 'success' || blank || errors.length > 0 || violations.length > 0) {
        failures.push(
          `${story.title} / ${story.name}: ${outcome.status}${blank ? ' blank' : ''} ${[...outcome.errors, ...errors, ...violations].join('; ').slice(0, 400)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
}
