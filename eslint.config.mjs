import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const scopes = [
  'identity',
  'keys',
  'billing',
  'memory',
  'ingestion',
  'chat',
  'gateway',
  'bff',
  'sdk',
  'webhooks',
];

// The browser-safe entry of contracts: the only part of a lib the web app (scope:web) may import. It is
// exempt from the tag constraints below, so every other import of contracts from the web app still fails.
const browserSafeEntries = ['@membolt/contracts/rules'];

export default [
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'apps/web/src/gql/**', '.nx/**', 'data/**', 'coverage/**'],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: browserSafeEntries,
          depConstraints: [
            // Services never import each other: a service (and its app) sees only itself and shared code.
            ...scopes.map((scope) => ({
              sourceTag: `scope:${scope}`,
              onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
            })),
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:data-access'],
            },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:data-access'],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util', 'type:data-access'],
            },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from emitted decorator metadata: their types must stay value imports.
    files: ['libs/**/*.ts', 'apps/**/*.ts'],
    ignores: ['apps/web/**'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // The rules entry is bundled into the browser: it may import only its own files, never a library (class-
    // validator, class-transformer, reflect-metadata) or a Node module. rules-entry.spec.ts checks the same.
    files: ['libs/contracts/src/rules/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'The browser-safe rules entry may import only its own files (./...).',
            },
          ],
        },
      ],
    },
  },
  {
    // A port is what the service needs, said in the domain's words: an adapter implements it and the ranker
    // reads what it returns, so a port that imported either would tie the service to one store or one ranking.
    files: ['libs/*/src/ports/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)adapters/', message: 'A port never imports an adapter.' },
            { regex: '(^|/)retrieval/', message: 'A port never imports the ranker (retrieval/).' },
          ],
        },
      ],
    },
  },
  prettier,
];
