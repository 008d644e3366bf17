// ESLint flat config (docs/decisions/0057). Formatting is Prettier's alone: no rule here checks
// layout, so the two never disagree.
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeScriptFiles = ['**/*.ts', '**/*.tsx'];

export default tseslint.config(
  {
    ignores: ['build/', 'public/build/', '.cache/', 'node_modules/', '.data/', 'test-results/'],
  },
  {
    linterOptions: {
      // A disable comment that no longer hides anything is removed, not left to hide the next problem.
      reportUnusedDisableDirectives: 'error',
    },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    rules: {
      // Every disable says why (`-- reason`), so the next reader can judge whether it still holds.
      '@eslint-community/eslint-comments/require-description': 'error',
      // A leading underscore marks a name kept on purpose: an argument a signature needs, a field
      // destructured away so the rest goes on without it, a type-level check.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: typeScriptFiles,
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its rejection: await it, or say `void` where fire-and-forget is meant.
      '@typescript-eslint/no-floating-promises': 'error',
      // --fix writes the code base's `import { type X }`, which keeps one import line per module.
      // `import('m').T` in a type position is erased just as `import type` is; the code writes it
      // beside a lazy import() of the same module or a require() of a package's built copy.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // A test reads JSON answers whose shape its assertions then check: `any` there is the
    // assertion's input, not a hole in the product's types.
    files: ['test/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.ts', 'app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The plain JavaScript files (this one, remix.config.js, scripts/*.mjs) run on Node. TypeScript
    // files need no globals list: the compiler knows them, and typescript-eslint turns no-undef off there.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
