import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['apps/server/**/*.ts', 'apps/robot-sim/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // The platform (HTTP, database, bus, broker) knows no module: modules are handed to it.
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**'], message: 'The platform never imports a module; hand it what it needs.' },
          ],
        },
      ],
    },
  },
  {
    // A module uses another one through its service or its `<area>.shared.ts`, never its
    // repository or its tables (tables files may reference others' for foreign keys, and
    // repositories may join them: see the next block). Tests and isolation fixtures reach anything.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.isolation.ts', '**/*.tables.ts', '**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository.js', '../*/*.tables.js'],
              message: "Ask the other module's service or <area>.shared.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository.js', '../*/*.service.js', '../*/*.shared.js'],
              message: 'A repository queries tables (its own, or others joined); it calls no other module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@patrol/server', '**/apps/server/**'], message: 'The console never imports the server.' },
          ],
        },
      ],
    },
  },
  {
    // Features never import each other; app/ is where they are combined.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@patrol/server', '**/apps/server/**'], message: 'The console never imports the server.' },
            {
              group: ['**/features/*', '../../*/**', '!../../shared/**'],
              message: 'Features never import each other; combine them in app/.',
            },
          ],
        },
      ],
    },
  },
);
