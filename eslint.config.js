// One flat config for every workspace. Boundaries are rules, not conventions.
import js from '@eslint/js';
import n from 'eslint-plugin-n';
import tseslint from 'typescript-eslint';

const serviceNames = ['search', 'ranking-worker', 'auth-server', 'mcp'];

/**
 * A service (or the gateway) may import the shared packages (`@rankgate/contracts`, `/platform`, `/ranking`), never
 * another service.
 */
const serviceBoundary = (self) => {
  const others = ['gateway', ...serviceNames].filter((s) => s !== self);
  return {
    files: [self === 'gateway' ? 'gateway/**/*.ts' : `services/${self}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((other) => [
                `@rankgate/${other}`,
                `**/${other}/src/**`,
                ...(other === 'gateway' ? [] : [`**/services/${other}/**`]),
              ]),
              message:
                'A service never imports another service: talk over HTTP or the queue, share types through @rankgate/contracts.',
            },
          ],
        },
      ],
    },
  };
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'coverage/**', '.bench/**', 'docs/site/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { n },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'n/prefer-node-protocol': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'smart'],
      // Prettier wraps code at 120 (printWidth); this catches what it cannot wrap: comments and long lines it
      // leaves alone. Strings, template literals, URLs and regular expressions may run longer.
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    // Which shared package may import which is checked by scripts/lint/check-layers.ts (npm run lint:layers).
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/services/**',
                '**/gateway/**',
                '**/scripts/**',
                '**/bin/**',
                ...['gateway', ...serviceNames].map((s) => `@rankgate/${s}`),
              ],
              message: 'shared/ packages serve the services; they never import one.',
            },
          ],
        },
      ],
    },
  },
  serviceBoundary('gateway'),
  ...serviceNames.map(serviceBoundary),
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/services/**',
                '**/gateway/**',
                '@rankgate/gateway',
                '@rankgate/search',
                '@rankgate/mcp',
                '@rankgate/auth-server',
                '@rankgate/ranking-worker',
              ],
              message:
                'e2e reaches the system over the network only; it may import @rankgate/contracts and test doubles.',
            },
          ],
        },
      ],
    },
  },
  {
    // The website's browser script, served as written (no build step).
    files: ['gateway/src/site/assets/**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(
        ['window', 'document', 'sessionStorage', 'fetch', 'URLSearchParams', 'AbortController'].map((name) => [
          name,
          'readonly',
        ]),
      ),
    },
  },
  {
    // A test that finds nothing should fail loudly; `!` on a lookup does that.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['bin/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
