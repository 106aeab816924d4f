import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', 'coverage', 'test-results', 'playwright-report', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Layering (STYLE.md): shared/ knows neither side; the server never imports the web app.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['../server/*', '../web/*', '../../server/*', '../../web/*', 'node:*'] },
      ],
    },
  },
  // Web layering (docs/web.md, "Lint zones"): shared/ → web/lib, web/components → web/features/*
  // → web/app. Generic code does not know the features nor the app; a feature does not know the
  // app, and reaches another feature only through its public face (`../<other>` or
  // `../<other>/index`). Tests may use another feature's fixtures.
  {
    files: ['web/lib/**/*.{ts,tsx}', 'web/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|app)(/|$)',
              message: 'web/lib and web/components may not import web/features or web/app.',
            },
          ],
        },
      ],
    },
  },
  ...[1, 2, 3].map((depth) => {
    // A file `depth` folders below web/features/<feature>/ (1: the feature's own folder).
    const up = '\\.\\./'.repeat(depth);
    return {
      files: [`web/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      ignores: ['**/*.test.{ts,tsx}', '**/*test-support.ts', '**/test-fixtures.ts', '**/test/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up}[^./][^/]*/(?!index$).+`,
                message:
                  "A feature imports another feature only through its index.ts ('../<other>').",
              },
              {
                regex: `^${up}\\.\\./app(/|$)`,
                message: 'Features may not import web/app.',
              },
            ],
          },
        ],
      },
    };
  }),
);
