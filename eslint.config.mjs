import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const ENV_MESSAGE =
  'Read settings through lib/server/env.ts (dashboard) or engine/config.ts (engine; baseChildEnv() for child processes).';

const restrict = (patterns) => ['error', { patterns }];
const group = (names, message) => ({ group: names, message });

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', '.data/**', '.test-data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
  {
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: ENV_MESSAGE }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  {
    files: ['lib/server/env.ts', 'engine/config.ts', 'instrumentation.ts', 'scripts/**', 'e2e/**', 'tests/**', 'bench/**', '*.config.*'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // Imports flow one way: app → components → lib. lib/schemas is pure; engine/ stands alone.
  {
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': restrict([group(['@/app/*', '@/components/*', '**/app/**', '**/components/**'], 'lib/ must not import app/ or components/.')]),
    },
  },
  {
    files: ['lib/schemas/**'],
    rules: {
      'no-restricted-imports': restrict([
        group(['@/*', '../*', 'node:*', 'react', 'react-*', 'next', 'next/*', '@onkernel/*', 'better-sqlite3', 'server-only'], 'lib/schemas is pure: zod and its sibling schemas only.'),
      ]),
    },
  },
  {
    files: ['components/**'],
    rules: {
      'no-restricted-imports': restrict([
        group(['@/app/*', '**/app/**'], 'components/ must not import app/.'),
        group(['@/lib/server/*', '**/lib/server/**', 'server-only'], 'components/ must not import server code; go through lib/actions, lib/hooks or lib/queries.'),
      ]),
    },
  },
  {
    files: ['engine/**'],
    rules: {
      'no-restricted-imports': restrict([
        group(['@/*', '**/app/**', '**/components/**', '**/lib/server/**', '**/lib/actions/**', '**/lib/hooks/**', 'next', 'next/*', 'react'], 'engine/ may import only lib/schemas (and its own modules).'),
      ]),
    },
  },
];

export default config;
