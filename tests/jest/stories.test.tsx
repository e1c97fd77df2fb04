import { readdirSync } from 'node:fs';
import { join, matchesGlob, resolve } from 'node:path';

import storybookConfig from '../../.storybook/main';

// Every story is played in the real browser, with axe, by tests/e2e/storybook.spec.ts, from the
// built Storybook's own list. This checks that no story file is left out of that list.
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

it('every story file on disk is one Storybook shows', () => {
  expect(storyFilesOnDisk.length).toBeGreaterThan(0);
  // Stories live beside their component under src/, in .stories.ts(x) files: the kind Storybook loads.
  expect(storyFilesOnDisk).toEqual(findStoryFiles(SRC).sort());
  expect(storyFilesOnDisk.filter((file) => !storybookGlobs.some((glob) => matchesGlob(file, glob)))).toEqual([]);
});
