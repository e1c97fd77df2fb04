import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Export names explicitly; no `export *` in public APIs.' },
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read settings through @/shared/config only.',
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...layerBoundaries,
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
