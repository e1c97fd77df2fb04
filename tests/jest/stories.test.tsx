import { readdirSync } from 'node:fs';
import { join, matchesGlob, relative, resolve } from 'node:path';

import { composeStories, type composeStory } from '@storybook/react';
import { act, render, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { RequestHandler } from 'msw';

import storybookConfig from '../../.storybook/main';

import { server } from './server';

// Every story is a test: a new story file is picked up without touching this file.
const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');
const STORYBOOK_DIR = join(ROOT, '.storybook');
const NOT_SOURCE = new Set(['node_modules', '.git', 'dist', 'dist-test', 'dist-e2e', 'storybook-static', 'coverage', 'test-results']);

const findFiles = (dir: string, matches: (name: string) => boolean): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : findFiles(path, matches);
    return matches(entry.name) ? [path] : [];
  });

/** Every story file in the repository, wherever it is and whatever its extension. */
const storyFilesOnDisk = findFiles(ROOT, (name) => /\.stories\.[cm]?[jt]sx?$/.test(name)).sort();
const findStoryFiles = (dir: string): string[] => findFiles(dir, (name) => /\.stories\.tsx?$/.test(name));
/** The story files Storybook's own configuration picks up (its globs are relative to .storybook/). */
const storybookGlobs = (storybookConfig.stories as string[]).map((glob) => resolve(STORYBOOK_DIR, glob));

type MswParameter = RequestHandler[] | { handlers?: RequestHandler[] | Record<string, RequestHandler | RequestHandler[]> };

const handlersOf = (parameter: MswParameter | undefined): RequestHandler[] => {
  if (!parameter) return [];
  if (Array.isArray(parameter)) return parameter;
  const { handlers } = parameter;
  if (!handlers) return [];
  return (Array.isArray(handlers) ? handlers : Object.values(handlers)).flat();
};

const storyFiles = findStoryFiles(SRC).sort();

// Stories fetch on mount; waiting for the network to settle keeps late updates inside the test.
let requestsInFlight = 0;
server.events.on('request:start', () => {
  requestsInFlight += 1;
});
server.events.on('request:end', () => {
  requestsInFlight -= 1;
});
const settle = async (): Promise<void> => {
  await waitFor(() => expect(requestsInFlight).toBe(0));
  // RTK batches store notifications to the next animation frame: let one pass.
  await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
};

// Filled while the tests are collected: the files whose stories this run really renders.
const filesRun = new Set<string>();

it('runs every story file on disk, and Storybook shows each of them', () => {
  expect(storyFilesOnDisk.length).toBeGreaterThan(0);
  expect([...filesRun].sort()).toEqual(storyFilesOnDisk);
  expect(storyFilesOnDisk.filter((file) => !storybookGlobs.some((glob) => matchesGlob(file, glob)))).toEqual([]);
});

describe.each(storyFiles.map((file) => [relative(SRC, file), file] as const))('%s', (_name, file) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the file list is only known at run time
  const stories = composeStories(require(file));

  const entries = Object.entries(stories) as [string, ReturnType<typeof composeStory>][];
  if (entries.length > 0) filesRun.add(file);

  it.each(entries)('%s renders, passes its play function and has no axe violations', async (_story, Story) => {
    const handlers = handlersOf(Story.parameters.msw as MswParameter | undefined);
    if (handlers.length > 0) server.use(...handlers);

    const { container } = render(<Story />);
    if (Story.play) await Story.play({ canvasElement: container });
    await settle();

    expect(await axe(container)).toHaveNoViolations();
  });
});
