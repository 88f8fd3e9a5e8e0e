import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { aliasesFromTsconfig, backendBoundaries, featureBoundaries, importCycleConfig } from './eslint/boundaries.js';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  { ignores: ['.scratch/', 'dist/', 'node_modules/', 'server/', 'pb_data/', 'coverage/', 'tests/.artifacts/', 'pb_hooks/', 'hooks/pocketbase.d.ts', 'pb_data*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'feature-boundaries': featureBoundaries, 'backend-boundaries': backendBoundaries } } },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Feature internals, and no arrow back up into src/app or src/pages (eslint/boundaries.js).
      'local/feature-boundaries': ['error', { root, aliases: aliasesFromTsconfig(root) }],
      // src never imports the backend (hooks/).
      'local/backend-boundaries': ['error', { root }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The backend (hooks/, TypeScript for PocketBase's goja VM): from src only the shared rules, no packages.
    files: ['hooks/**/*.ts'],
    plugins: { local: { rules: { 'backend-boundaries': backendBoundaries } } },
    rules: {
      'local/backend-boundaries': ['error', { root }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Registration stubs: each handler requires the bundle itself (pooled VMs don't see a file's top level).
    files: ['hooks/register/*.pb.ts', 'hooks/bindings.d.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // No import circles in src or in the backend, static or dynamic, aliases followed.
  importCycleConfig({ root, files: ['src/**/*.{ts,tsx}'] }),
  importCycleConfig({ root, files: ['hooks/**/*.ts'], project: path.join(root, 'hooks', 'tsconfig.json') }),
  {
    // Tests poke at raw JSON answers and PocketBase internals; `any` is honest there.
    files: ['tests/**/*.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Scripts run in Node, and the functions they hand to page.evaluate run in the browser.
    files: ['scripts/**/*.mjs', 'tests/**/*.mjs', 'eslint.config.js', 'eslint/**/*.js', '*.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // PocketBase's JSVM migrations: CommonJS, its own globals ($app, migrate, …), no modules.
    files: ['pb_migrations/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.commonjs,
        console: 'readonly', toBytes: 'readonly', $inWriteTurn: 'readonly',
        $app: 'readonly', $os: 'readonly', $security: 'readonly', $http: 'readonly', $apis: 'readonly', $dbx: 'readonly', $mails: 'readonly', $filesystem: 'readonly', $template: 'readonly', $filepath: 'readonly', $tokens: 'readonly', $inflector: 'readonly',
        __hooks: 'readonly', routerAdd: 'readonly', routerUse: 'readonly', cronAdd: 'readonly', cronRemove: 'readonly', migrate: 'readonly', sleep: 'readonly', toString: 'readonly', readerToString: 'readonly', arrayOf: 'readonly', unmarshal: 'readonly',
        Record: 'readonly', Collection: 'readonly', Command: 'readonly', MailerMessage: 'readonly', DateTime: 'readonly', DynamicModel: 'readonly', ApiError: 'readonly', BadRequestError: 'readonly', NotFoundError: 'readonly', ForbiddenError: 'readonly', UnauthorizedError: 'readonly', TooManyRequestsError: 'readonly', InternalServerError: 'readonly', Middleware: 'readonly', Context: 'readonly', RequestInfo: 'readonly', SubscriptionMessage: 'readonly',
        onBootstrap: 'readonly', onServe: 'readonly', onTerminate: 'readonly', onRecordCreate: 'readonly', onRecordCreateRequest: 'readonly', onRecordAfterCreateSuccess: 'readonly', onRecordUpdate: 'readonly', onRecordUpdateRequest: 'readonly', onRecordAfterUpdateSuccess: 'readonly', onRecordDelete: 'readonly', onRecordAfterDeleteSuccess: 'readonly', onRecordValidate: 'readonly', onRecordsListRequest: 'readonly', onRecordViewRequest: 'readonly', onRecordEnrich: 'readonly', onMailerSend: 'readonly', onRealtimeSubscribeRequest: 'readonly', onModelCreate: 'readonly', onRecordAuthWithPasswordRequest: 'readonly', onMailerRecordOTPSend: 'readonly', onRecordRequestOTPRequest: 'readonly', onRealtimeMessageSend: 'readonly',
        TextField: 'readonly', NumberField: 'readonly', BoolField: 'readonly', EmailField: 'readonly', SelectField: 'readonly', JSONField: 'readonly', DateField: 'readonly', AutodateField: 'readonly', RelationField: 'readonly', URLField: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/triple-slash-reference': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      'no-unused-vars': 'off',
    },
  },
);
