import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';
import featureOrder from './eslint-rules/feature-order.mjs';

const config = [
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-nocheck': true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Three products in three rooms (docs/decisions/001, 034): the service (lib/service), the
    // municipality's office (lib/office, which uses the service's domain code in-process) and the
    // landlords' portal (lib/portal, which reaches the service only over HTTP). The service imports
    // neither of the others. Each pattern names the folder itself (a barrel) as well as everything
    // under it.
    files: ['lib/service/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/lib/portal', '@/lib/portal/**', '**/portal', '**/portal/**'] },
            {
              regex: '^(@/lib/|(\\.\\./)+)office(/|$)',
              message: 'The office uses the service, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/office/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/portal', '@/lib/portal/**', '**/portal', '**/portal/**'],
              message: "The office does not use the landlords' portal.",
            },
            {
              group: ['@/app', '@/app/**', '**/app/**'],
              message: 'lib/ serves app/, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pages, actions and route handlers reach the service only over HTTP (decision 001); the two
    // exceptions mount the service's handlers (/api/ and the AVS face) for `next dev`. The same
    // for the Pages Router's guest pages (decision 022). The portal's pages use nothing of the
    // office either.
    files: ['app/**', 'pages/**'],
    ignores: ['app/api/[[]...path[]]/route.ts', 'app/avs/[[]...path[]]/route.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/lib/service',
                '@/lib/service/*',
                '**/lib/service',
                '**/lib/service/*',
                '@/lib/office',
                '@/lib/office/*',
                '**/lib/office',
                '**/lib/office/*',
              ],
            },
            {
              group: [
                '@/lib/portal/api/http',
                '**/lib/portal/api/http',
                '@/lib/portal/api/avs/*',
                '**/lib/portal/api/avs/*',
              ],
              message:
                "Call the service through the client's interface (lib/portal/api/client.ts, connect.ts): no page knows the protocol.",
            },
          ],
        },
      ],
    },
  },
  {
    // The municipality's office (docs/decisions/030, 034): its pages use the office's code
    // (lib/office), which uses the service's; nothing of the portal. The set-password page of the
    // office's invitations (docs/decisions/032) is its too.
    files: ['app/verwaltung/**', 'app/passwort/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/service', '@/lib/service/*', '**/lib/service', '**/lib/service/*'],
              message: 'The office reaches the service through lib/office.',
            },
            {
              group: ['@/lib/portal', '@/lib/portal/**', '**/lib/portal', '**/lib/portal/**'],
              message: "The office does not use the landlords' portal.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/portal/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/lib/service', '@/lib/service/**', '**/service', '**/service/**'] },
            {
              regex: '^(@/lib/|(\\.\\./)+)office(/|$)',
              message: "The landlords' portal does not use the municipality's office.",
            },
            {
              group: [
                '@/lib/portal/api/http',
                '**/api/http',
                '@/lib/portal/api/avs/*',
                '**/api/avs/*',
              ],
              message:
                "Call the service through the client's interface (api/client.ts, api/connect.ts): no feature knows the protocol.",
            },
            {
              group: ['@/app', '@/app/**', '**/app/**'],
              message: 'lib/ serves app/, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    // The portal's features in one order, lowest first (docs/decisions/039): each imports only
    // those before it, so no two import each other. A new feature takes its place here.
    files: ['lib/portal/**'],
    plugins: { house: featureOrder },
    rules: {
      'house/feature-order': [
        'error',
        {
          room: 'lib/portal',
          order: [
            // Shared floors: cookies, words, the client for the municipal system, the session.
            'secure-cookies',
            'i18n',
            'api',
            'session',
            'cross-site',
            'owned',
            'format',
            'form-id',
            'table-sort',
            'retention',
            'config',
            'kept-pages',
            // The stay and its form: the guest form, the arrival record, the stays index.
            'guest-form',
            'arrival',
            'stays',
            // The guest's check-in and what reaches the guest: mails, invitations, calendars.
            'checkin',
            'mail',
            'invitations',
            'calendars',
            // The card a guest carries, and what is paid and accounted for.
            'wallet',
            'guest-card',
            'payments',
            'statement',
            // What joins several features: the guest's check-in pages, the stay page's actions,
            // the hourly purge of the coming weeks' guest data.
            'compose',
            'purge',
          ],
        },
      ],
    },
  },
  {
    // Components take props: server actions live beside their feature in lib/portal/<feature>/
    // (or come from the page as props), and data is read by the page (docs/decisions/011).
    files: ['components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app', '@/app/**', '**/app/**'],
              message:
                'Import the action from lib/portal/<feature>/actions.ts, or take it as a prop.',
            },
            {
              group: ['@/lib/db', '@/lib/db/**', '**/lib/db', '**/lib/db/**'],
              allowTypeImports: true,
              message: 'Components do not query the database: the page reads and passes props.',
            },
          ],
        },
      ],
    },
  },
  {
    // Links between the portal's pages never prefetch (issue 19): components/ui/link.tsx wraps
    // next/link's Link so; its hooks (useLinkStatus) may still come from next/link.
    files: ['app/**', 'components/**'],
    ignores: ['components/ui/link.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='next/link'] > ImportDefaultSpecifier",
          message: "Use Link from '@/components/ui/link': it does not prefetch.",
        },
      ],
    },
  },
  {
    // Every variable is read once and validated in lib/env.ts (issue 8). Tests and their runners
    // set up the environment of the code under test, so they are left out.
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['lib/env.ts', 'tests/**', 'e2e/**', 'playwright.config.ts', 'vitest.config.mts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment through lib/env.ts (env(), childEnv()).',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Test helpers named use* are vitest hook registrars, not React hooks.
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
];

export default config;
