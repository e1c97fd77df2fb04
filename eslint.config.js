import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What only Node (and Jest) have: the browser's code may not use them (the web type check's program has no Node types). */
const NODE_GLOBALS = [
  'process',
  'Buffer',
  'global',
  '__dirname',
  '__filename',
  'require',
  'module',
  'exports',
  'setImmediate',
  'clearImmediate',
  'NodeJS',
  'jest',
];

const RESTRICTED_SYNTAX = [
  { selector: 'ExportAllDeclaration', message: 'Export names explicitly; no `export *` in public APIs.' },
  {
    selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
    message: 'Read settings through @/shared/config only.',
  },
];

// Feature-Sliced Design: a layer imports only from the layers below it.
const LAYERS = ['app', 'pages', 'widgets', 'features', 'entities', 'shared'];

const layerBoundaries = LAYERS.map((layer, index) => {
  const above = LAYERS.slice(0, index);
  return {
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(above.length > 0
              ? [
                  {
                    group: above.flatMap((upper) => [`@/${upper}`, `@/${upper}/**`]),
                    message: `The ${layer} layer may import only from the layers below it.`,
                  },
                ]
              : []),
            {
              // A slice is reached only through its index.ts (plus `@x` for entities and `index.mocks` for test data).
              group: [
                '@/pages/*/**',
                '@/widgets/*/**',
                '@/entities/*/**',
                '!@/entities/*/@x',
                '!@/entities/*/@x/*',
                '!@/entities/*/index.mocks',
                '@/features/*/*/**',
              ],
              message: 'Import the slice through its public API (index.ts).',
            },
            {
              group: ['../**/pages/**', '../**/widgets/**', '../**/features/**', '../**/entities/**', '../**/shared/**'],
              message: 'Use the @/ alias to reach another slice or layer.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-test/**',
      'dist-e2e/**',
      'storybook-static/**',
      'coverage/**',
      'server/**',
      'public/mockServiceWorker.js',
      // Generated from server/openapi.json (npm run api:types); checked for staleness instead.
      'src/shared/api/generated/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-default-export': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'no-restricted-syntax': ['error', ...RESTRICTED_SYNTAX],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...layerBoundaries,
  {
    // The browser's code (what the web app and the contract ship): no Node or Jest globals, types or
    // modules. One program of everything with Node's types is type-checked (npm run typecheck);
    // these rules keep Node out of the shipped code, as a second program without Node's types did.
    files: ['src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_GLOBALS.map((name) => ({ name, message: `${name} is Node's (or Jest's); the browser has none.` })),
      ],
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-syntax': [
        'error',
        ...RESTRICTED_SYNTAX,
        {
          selector: "TSTypeReference > Identifier[name='Buffer'], TSQualifiedName > Identifier.left[name='NodeJS']",
          message: "A Node type; the browser's code has none (e.g. ReturnType<typeof setTimeout> for a timer).",
        },
      ],
    },
  },
  {
    // The one place that reads the build's environment.
    files: ['src/shared/config/env.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tools that require a default export: Storybook's CSF meta and config, and config files.
    files: ['**/*.stories.tsx', '**/*.d.ts', '.storybook/**', '*.config.{js,mjs,ts}', 'tests/e2e/*.config.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'scripts/**', 'build/**', '*.config.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // The EVR stand-in is a Node package of its own, beside the web app.
    files: ['packages/evr-standin/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Its tests read JSON answers whose shape each assertion checks, and node:test awaits the
    // promises describe/it return; its reporter is a default export by node:test's contract.
    files: ['packages/evr-standin/test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      'import-x/no-default-export': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
