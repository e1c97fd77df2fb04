import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

export default defineConfig([
  ...fsd.configs.recommended,
  {
    // "preferences" (locale and theme) is one thing with a plural name, like "settings"; renaming it
    // to a singular would read worse than the inconsistency.
    rules: { 'fsd/inconsistent-naming': 'off' },
  },
  {
    // Each user action is its own feature even while the top bar is the only place that offers it:
    // merging sign-out, language and theme into the widget would tie actions to one layout.
    files: ['./src/features/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // The app layer's segments are named as architecture.md names them (store, providers, router).
    files: ['./src/app/**'],
    rules: { 'fsd/segments-by-purpose': 'off' },
  },
]);
