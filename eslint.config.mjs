import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.next/**', '**/coverage/**', '**/*.js', '**/*.mjs', '**/next-env.d.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      // Layers: engines and the kernel never reach into adapters or apps.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:kernel', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:game', onlyDependOnLibsWithTags: ['type:kernel'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:kernel'] },
            { sourceTag: 'type:port', onlyDependOnLibsWithTags: ['type:kernel'] },
            { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: ['type:port', 'type:kernel'] },
            { sourceTag: 'type:application', onlyDependOnLibsWithTags: ['type:kernel', 'type:port', 'type:game', 'type:domain', 'type:application'] },
            { sourceTag: 'type:infrastructure', onlyDependOnLibsWithTags: ['type:kernel', 'type:port', 'type:adapter'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:kernel', 'type:port', 'type:adapter', 'type:game', 'type:domain', 'type:application', 'type:infrastructure'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:kernel', 'type:port', 'type:adapter', 'type:game', 'type:domain', 'type:application', 'type:infrastructure', 'type:app', 'type:tool'] },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Rule engines are pure: no clock, no ambient randomness, no I/O.
    files: ['libs/games/**/*.ts', 'libs/kernel/**/*.ts', 'libs/identity/**/*.ts', 'libs/rulings/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/kernel/src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the injected RandomSource.' },
        { object: 'Date', property: 'now', message: 'Time comes in through the command or context.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date']", message: 'Time comes in through the command or context.' }],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', 'http', 'child_process', '@nestjs/*', 'better-sqlite3', '@eventstore/*'] }],
    },
  },
];
