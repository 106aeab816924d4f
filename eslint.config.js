import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

/** Kysely's query-builder entry points: a call to one of them is a query. */
const QUERY_BUILDERS =
  'selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto';

/**
 * Which web feature may import which (issue 33 item 4; DESIGN §2 wants features apart): the one
 * place these pairs are named. A feature reaches only the features listed here, and only through
 * their index.ts; anything else they would share belongs in web/components or web/lib. The pairs
 * form no cycle (checked below), so a feature's page never pulls in its own importer.
 */
const FEATURE_DEPENDENCIES = {
  account: [],
  admin: [],
  // A command's item reuses the comments' list machinery and the product's reactions and phone.
  commands: ['comments', 'products'],
  // A comment's page and item show its product, its reactions and the report dialog.
  comments: ['products'],
  notifications: [],
  products: [],
  // Results are offer cards.
  search: ['products'],
  // A saved search's card summarises its criteria as the search page does.
  searches: ['search'],
  // A shop's offers are offer cards; its header has the phone-on-tap button.
  shops: ['products'],
  // A user's page lists offer cards and answers shop invitations.
  users: ['products', 'shops'],
};

/** Throws at lint time if a feature could reach itself through the pairs above. */
function assertNoFeatureCycle(graph) {
  const done = new Set();
  const visit = (feature, path) => {
    if (path.includes(feature))
      throw new Error(`feature import cycle: ${[...path, feature].join(' → ')}`);
    if (done.has(feature)) return;
    for (const next of graph[feature] ?? []) visit(next, [...path, feature]);
    done.add(feature);
  };
  for (const feature of Object.keys(graph)) visit(feature, []);
}
assertNoFeatureCycle(FEATURE_DEPENDENCIES);
// A new feature folder is named above (with what it may import) before it lints.
for (const folder of fs.readdirSync(new URL('./web/features', import.meta.url))) {
  if (!(folder in FEATURE_DEPENDENCIES))
    throw new Error(
      `web/features/${folder} is missing from FEATURE_DEPENDENCIES (eslint.config.js)`,
    );
}

/** Test code of the server: suites, fixtures, test support and benchmarks. */
const SERVER_TEST_CODE = [
  'server/**/*.test.ts',
  'server/**/*.bench.ts',
  'server/**/*.test-helpers.ts',
  'server/**/*.test-support.ts',
  'server/**/*.fixtures.ts',
  'server/test/**',
  'server/security/support/**',
];

/**
 * Files outside *.repository.ts allowed Kysely code, each for its reason (issue 33 item 4). Add to
 * this list only with a reason; prefer a repository function.
 */
const KYSELY_OUTSIDE_REPOSITORIES = [
  // Search builds its statements from parts (conditions, plans, nearest-first, candidates, the
  // geographic box) shared by both engines' paths; it is being reworked as a whole, and splitting
  // the parts into repository files now would only be undone (docs/decisions.md).
  'server/features/search/search-conditions.ts',
  'server/features/search/pfield-conditions.ts',
  'server/features/search/search-nearest.ts',
  'server/features/search/search-plan.ts',
  'server/features/search/search-candidates.ts',
  'server/features/search/search-geo.ts',
  // The cross-process stream leases are one small module of statements (one insert … on conflict
  // per lease) whose whole point is the SQL; it is the lease store.
  'server/features/notifications/stream-leases.ts',
  // A start-up maintenance job over product_files (image sizes), run once per old file.
  'server/media/dimensions-backfill.ts',
];

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
    // Layering (STYLE.md, DESIGN §2): shared/ knows neither side, at any depth; no Node modules.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|web)(/|$)',
              message: 'shared/ may not import server/ or web/: both sides import shared/.',
            },
            { group: ['node:*'], message: 'shared/ runs in the browser too: no Node modules.' },
          ],
        },
      ],
    },
  },
  // Server layering (DESIGN §2; issue 33 item 4). The server never imports the web app (what both
  // need lives in shared/, e.g. shared/locales), and only repositories hold Kysely code: no value
  // import of 'kysely' (`sql`, builders), no query builder call (`db.selectFrom(...)`) elsewhere.
  // Services still open transactions (`db.transaction()`) and may name Kysely's types.
  // Not checked: server/db/ (the database layer itself: connection, migrations, row types) and
  // test code (suites, fixtures, test support, benchmarks), which sets up rows directly.
  ...[false, true].map((excepted) => ({
    files: excepted ? KYSELY_OUTSIDE_REPOSITORIES : ['server/**/*.ts'],
    ignores: [
      ...SERVER_TEST_CODE,
      'server/db/**',
      '**/*.repository.ts',
      ...(excepted ? [] : KYSELY_OUTSIDE_REPOSITORIES),
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: excepted
            ? []
            : [
                {
                  name: 'kysely',
                  allowTypeImports: true,
                  message: 'Kysely code (and `sql`) lives in *.repository.ts (DESIGN §2).',
                },
              ],
          patterns: [
            {
              regex: '^(\\.\\./)+web(/|$)',
              message: 'The server never imports web/: move what both sides need to shared/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': excepted
        ? 'off'
        : [
            'error',
            {
              selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS})$/]`,
              message: 'Queries live in *.repository.ts (DESIGN §2): call a repository function.',
            },
          ],
    },
  })),
  {
    // Test code may render pages (web/entry-server) and set up rows directly; the rest of the
    // server zone still holds for it: no import of web/ but the server renderer.
    files: SERVER_TEST_CODE,
    ignores: ['server/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+web/(?!entry-server$)',
              message: 'Server tests import web/ only to render pages (web/entry-server).',
            },
          ],
        },
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
  ...Object.entries(FEATURE_DEPENDENCIES).flatMap(([feature, allowed]) =>
    [1, 2, 3].map((depth) => {
      // A file `depth` folders below web/features/<feature>/ (1: the feature's own folder).
      const up = '\\.\\./'.repeat(depth);
      const others = Object.keys(FEATURE_DEPENDENCIES).filter(
        (other) => other !== feature && !allowed.includes(other),
      );
      return {
        files: [`web/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
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
                {
                  regex: `^${up}(${others.join('|')})(/|$)`,
                  message: `web/features/${feature} ${allowed.length ? `may import only ${allowed.join(', ')}` : 'may not import another feature'} (FEATURE_DEPENDENCIES in eslint.config.js).`,
                },
              ],
            },
          ],
        },
      };
    }),
  ),
);
