import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { composeStories, type composeStory } from '@storybook/react';
import { act, render, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import type { RequestHandler } from 'msw';

import { server } from './server';

// Every story is a test: a new *.stories.tsx is picked up without touching this file.
const SRC = resolve(__dirname, '../../src');

const findStoryFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findStoryFiles(path);
    return entry.name.endsWith('.stories.tsx') ? [path] : [];
  });

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
  // RTK batches store notifications to the next animation frame.
  await act(() => new Promise((done) => setTimeout(done, 50)));
};

it('finds the stories', () => {
  expect(storyFiles.length).toBeGreaterThan(0);
});

describe.each(storyFiles.map((file) => [relative(SRC, file), file] as const))('%s', (_name, file) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the file list is only known at run time
  const stories = composeStories(require(file));

  const entries = Object.entries(stories) as [string, ReturnType<typeof composeStory>][];

  it.each(entries)('%s renders, passes its play function and has no axe violations', async (_story, Story) => {
    const handlers = handlersOf(Story.parameters.msw as MswParameter | undefined);
    if (handlers.length > 0) server.use(...handlers);

    const { container } = render(<Story />);
    if (Story.play) await Story.play({ canvasElement: container });
    await settle();

    expect(await axe(container)).toHaveNoViolations();
  });
});
