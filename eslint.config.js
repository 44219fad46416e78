// One linter for everyone (design.md § Style): typescript-eslint, Astro and jsx-a11y, in `npm test`
// with zero warnings allowed. Formatting is Prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.netlify/', '.data/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  // The Astro config above registers the jsx-a11y plugin; React islands get its rules too.
  { files: ['**/*.tsx'], rules: jsxA11y.flatConfigs.recommended.rules },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_` names a value deliberately left out of a destructuring (`({ [name]: _, ...rest })`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
);
