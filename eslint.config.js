// @ts-check
/**
 * ESLint: JavaScript's and typescript-eslint's recommended rules, a few more that catch defects,
 * the rules of React's hooks for the admin components, and eslint-config-prettier last so that no
 * rule argues with Prettier (which owns the layout, `.prettierrc.json`). Set up as Payload's own
 * repository and its plugin template are (`@payloadcms/eslint-config`), without their sorting
 * rules. Without type information: the rules that need it cost about as much as the type check
 * itself, which `npm run typecheck` already runs.
 */
import js from '@eslint/js'
import prettier from 'eslint-config-prettier/flat'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/.next/',
    '.data/',
    'bench/out/',
    'test-results/',
    // Written by tools: Payload's types and import maps, Next.js's declarations.
    'payload-types.ts',
    '**/next-env.d.ts',
    '**/app/(payload)/admin/importMap.js',
    'test/fixtures/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      'array-callback-return': 'error',
      'no-constructor-return': 'error',
      'no-self-compare': 'error',
      'no-template-curly-in-string': 'error',
      'no-unreachable-loop': 'error',
      // Every control character in our patterns is one we strip or refuse on purpose (HTML,
      // feeds, log lines, file names).
      'no-control-regex': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          varsIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    // Payload writes each migration's signature with every argument, used or not.
    files: ['src/migrations/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }] },
  },
  {
    // Tests take apart JSON answers whose shape their assertions check.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.tsx', '**/use*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
)
