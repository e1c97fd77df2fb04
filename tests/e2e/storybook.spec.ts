import { readFileSync } from 'node:fs';

import { expect, test } from './fixtures';

// The stories as the built Storybook lists them; a new story is a new check here too.
const STORYBOOK = 'http://127.0.0.1:3101';
const index = JSON.parse(readFileSync(new URL('../../storybook-static/index.json', import.meta.url), 'utf8')) as {
  entries: Record<string, { id: string; type: string; title: string; name: string }>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

// The stories' API answers are their mocks', errors included on purpose; each story's play
// function checks what the user reads of them.
test.use({ watchApiErrors: false });

type Phase = string | undefined;

test('every story renders in the browser and passes its play function', async ({ page }) => {
  test.setTimeout(30_000 + stories.length * 5_000);
  expect(stories.length).toBeGreaterThan(0);
  const failures: string[] = [];
  let errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });

  /** Renders one story and plays it; what went wrong, or null. */
  const check = async (story: (typeof stories)[number]) => {
    errors = [];
    await page.goto(`${STORYBOOK}/iframe.html?id=${story.id}&viewMode=story`);
    // Storybook's preview reports where the story is: rendering, playing, finished or errored.
    await page.waitForFunction(() => {
      const phase = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: Phase } } }).__STORYBOOK_PREVIEW__
        ?.currentRender?.phase;
      return phase === 'finished' || phase === 'errored' || phase === 'aborted';
    });
    const phase = await page.evaluate(
      () =>
        (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: Phase } } }).__STORYBOOK_PREVIEW__?.currentRender
          ?.phase,
    );
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
    if (phase !== 'finished' || blank || errors.length > 0) {
      return `${story.title} / ${story.name}: ${String(phase)} ${errors.join('; ').slice(0, 300)}`;
    }
    return null;
  };

  for (const story of stories) {
    const failure = await check(story);
    if (failure === null) continue;
    // A story that fails is played once more on a fresh page, so that one slow moment of a loaded
    // machine does not cost the whole walk's retry; one that then passes is named as flaky (the
    // test command's summary lists it) and one that fails again fails the test.
    if ((await check(story)) === null) {
      console.log(`flaky story: ${failure}`);
      test.info().annotations.push({ type: 'flaky story', description: failure });
    } else failures.push(failure);
  }
  expect(failures).toEqual([]);
});
