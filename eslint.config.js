import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettierConfig from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// Strings from servers, webhooks and imported files render as text (React escapes them); nothing parses them as HTML.
const NO_HTML_SINKS = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'No dangerouslySetInnerHTML: render strings as text.',
  },
  {
    selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
    message: 'No innerHTML/outerHTML: build elements or set textContent.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]',
    message: 'No HTML parsing of strings.',
  },
  {
    selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
    message: 'No document.write.',
  },
];

// DESIGN "one way for each thing": every native select is components/ui/native-select.tsx, whose onValueChange
// hands over the option's typed value, so no screen copies its classes or casts e.target.value.
const ONE_NATIVE_SELECT = [
  {
    selector: "JSXOpeningElement[name.name='select']",
    message: "No raw <select>: use NativeSelect from '@/components/ui/native-select' (typed options, onValueChange).",
  },
  {
    selector: "TSAsExpression[expression.property.name='value'][expression.object.property.name='target']",
    message:
      "No cast of e.target.value: NativeSelect's onValueChange from '@/components/ui/native-select' gives the typed value.",
  },
];

// A screen folder has these subfolders and no others (src/features/README.md).
const FEATURE_FOLDERS = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { folder: 'A screen folder holds only {{allowed}}; not "{{folder}}/".' },
  },
  create(context) {
    const match = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]([^\\/]+)[\\/]/.exec(context.filename);
    const allowed = ['api', 'components', 'hooks', 'lib'];
    return {
      Program(node) {
        if (match && !allowed.includes(match[1]))
          context.report({
            node,
            messageId: 'folder',
            data: { folder: match[1], allowed: 'api/, components/, hooks/, lib/' },
          });
      },
    };
  },
};

// Every folder of src/features (the screens and the fixture gallery): none imports another.
const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only informs that the React Compiler would skip a component (TanStack Virtual); we do not run the compiler.
      'react-hooks/incompatible-library': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', ...NO_HTML_SINKS],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // DESIGN.md layers: a feature never imports another feature; lib/ and db/ know no screen;
      // only main.tsx, the fixture gallery and tests import mocks/.
      // A static cycle makes load order matter and hides a layer mistake. A dynamic import() loads after both modules
      // ran (the TTS roles read the saved settings that way), so it cannot.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'A feature never imports another feature.',
            })),
            {
              target: ['./src/lib', './src/db', './src/components'],
              from: ['./src/features', './src/app'],
              message: 'lib/, db/ and components/ know no screen.',
            },
            {
              // The fixture gallery, too: it takes the scenario names from lib/mock-scenarios.ts, so no file of
              // src/mocks reaches a live build through it.
              target: [
                ...features.map((f) => `./src/features/${f}`),
                './src/app',
                './src/lib',
                './src/db',
                './src/components',
              ],
              from: './src/mocks',
              message: 'Only main.tsx and tests import mocks/ (the fixture gallery reads lib/mock-scenarios.ts).',
            },
            { target: './src/mocks', from: ['./src/features', './src/app'], message: 'Mocks use lib/ types only.' },
            {
              // The Newsdesk server builds on the contract and may read fixture data (--seed demo), nothing of the browser app.
              target: './server',
              from: [
                './src/features',
                './src/app',
                './src/mocks/handlers',
                './src/mocks/store',
                './src/lib',
                './src/db',
                './src/components',
              ],
              message: 'The server imports only src/contract and src/mocks/fixtures.',
            },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
      // Imported TypeScript files are parsed as TypeScript: without it no-cycle reads no edge of a .ts file.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    // src/features/README.md: every screen folder alike — api/<verb>-<noun>.ts, components/*.tsx, hooks/use-*.ts,
    // lib/*.ts (pure logic), messages.ts, index.ts.
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile, newsdesk: { rules: { 'feature-folders': FEATURE_FOLDERS } } },
    rules: {
      'newsdesk/feature-folders': 'error',
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/features/*/api/*.ts': '+([a-z])-+([a-z0-9-])',
          'src/features/*/hooks/*.{ts,tsx}': 'use-+([a-z0-9-])',
          'src/features/*/*.{ts,tsx}': '@(index|messages)',
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/filename-blocklist': [
        'error',
        {
          // components/ holds components, lib/ pure logic without JSX.
          'src/features/*/components/!(*.test).ts': '*.tsx',
          'src/features/*/lib/!(*.test).tsx': '*.ts',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/ui/native-select.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...NO_HTML_SINKS, ...ONE_NATIVE_SELECT] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/ui/toast.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      // A toast can show what a server sent back; components/ui/toast redacts secrets from it (DESIGN: the UI masks them).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              importNames: ['toast'],
              message: "Import toast from '@/components/ui/toast' (it redacts secrets).",
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN.md: the contract imports nothing but zod, so the browser, the mocks and the server use it as is.
    files: ['src/contract/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod/mini$|\\./)', message: 'src/contract imports only zod/mini and its own files (./…).' },
          ],
        },
      ],
    },
  },
  {
    // DESIGN "How data flows": lib/http/transport is the app's only fetch (time-out, error codes, debug log).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/http/**', 'src/mocks/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Call lib/http transport (or lib/api, lib/webhooks callWebhook): it is the only fetch in the app.',
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'Call lib/http transport: it is the only fetch in the app.',
        })),
      ],
    },
  },
  {
    // Justified exceptions: config.json is read before the mode is known and needs the raw Response (a 404 or
    // the host's HTML fallback means "no file"); the chunk loader asks whether the host answers at all before a reload;
    // the update prompt re-requests files only to fill the service worker's caches. None is an API call, so none
    // belongs in the error log or the debug log.
    files: ['src/lib/config.ts', 'src/app/chunk-reload.ts', 'src/app/update-prompt.tsx'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,ts}'],
    // Scripts run in node and hand functions to the browser (playwright's page.evaluate).
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Plain scripts served as they are (public/auth/callback.js): the browser runs them as classic scripts.
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    // Tests may reset the DOM with innerHTML = '', never render markup through React.
    rules: { 'import-x/no-restricted-paths': 'off', 'no-restricted-syntax': ['error', NO_HTML_SINKS[0]] },
  },
  // Layout belongs to Prettier (npm run lint runs prettier --check after eslint).
  prettierConfig,
);
