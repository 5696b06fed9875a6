// The house's import boundaries as the linter holds them (decisions 001, 034): three rooms, the
// service (lib/service), the office (lib/office, which uses the service) and the portal
// (lib/portal, HTTP only). The portal's pages reach the service only over HTTP, so an import of
// lib/service from a page is an error; only the mount of the service's handler for `next dev`
// may import it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

/** The portal's feature order's reports (eslint.config.mjs, docs/decisions/039). */
async function outOfOrder(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'house/feature-order')
    .map((m) => m.message);
}

describe('lint boundaries', () => {
  it('refuses lib/service in app/ and pages/', async () => {
    const imports = [
      "import { serviceDb } from '@/lib/service';\nexport const x = serviceDb;\n",
      "import { checkCard } from '@/lib/service/kurkarte/verify';\nexport const x = checkCard;\n",
      "import { serviceDb } from '../../../lib/service';\nexport const x = serviceDb;\n",
    ];
    for (const code of imports) {
      for (const page of [
        'app/(portal)/(app)/aufenthalte/page.tsx',
        'pages/kurkarte/[token].tsx',
      ]) {
        expect(await restricted(page, code), `${page}: ${code}`).toHaveLength(1);
      }
    }
  });

  it("lets the office's pages use lib/office, and nothing of the service or the portal", async () => {
    const page = 'app/verwaltung/(amt)/vermieter/page.tsx';
    const own =
      "import { verifyStaff } from '@/lib/office/sign-in/session';\nexport const x = verifyStaff;\n";
    expect(await restricted(page, own)).toEqual([]);
    for (const code of [
      "import { serviceDb } from '@/lib/service';\nexport const x = serviceDb;\n",
      "import { signIn } from '@/lib/service/accounts/sign-in';\nexport const x = signIn;\n",
      "import { verifySession } from '@/lib/portal/session/session';\nexport const x = verifySession;\n",
    ]) {
      expect(await restricted(page, code), code).toHaveLength(1);
    }
  });

  it("lets the office's set-password page use lib/office, and nothing of the service", async () => {
    const page = 'app/passwort/page.tsx';
    const own =
      "import { openLink } from '@/lib/office/invitations/password-links';\nexport const x = openLink;\n";
    expect(await restricted(page, own)).toEqual([]);
    const other = "import { serviceDb } from '@/lib/service';\nexport const x = serviceDb;\n";
    expect(await restricted(page, other)).toHaveLength(1);
  });

  it('lets the office use the service, never the service the office', async () => {
    const service =
      "import { serviceDb } from '../../service/bootstrap';\nexport const x = serviceDb;\n";
    expect(await restricted('lib/office/staff/staff.ts', service)).toEqual([]);
    for (const code of [
      "import { officeDb } from '@/lib/office/db';\nexport const x = officeDb;\n",
      "import { officeDb } from '../office/db';\nexport const x = officeDb;\n",
      "import { live } from '../../office/figures/live';\nexport const x = live;\n",
      "import { officeI18n } from '@/lib/office';\nexport const x = officeI18n;\n",
    ]) {
      expect(await restricted('lib/service/meldescheine/states.ts', code), code).toHaveLength(1);
    }
  });

  it('keeps the portal and the office apart, both ways', async () => {
    const office = "import { officeDb } from '@/lib/office/db';\nexport const x = officeDb;\n";
    for (const file of [
      'lib/portal/stays/booking.ts',
      'app/(portal)/(app)/aufenthalte/page.tsx',
      'pages/checkin/[token]/index.tsx',
    ]) {
      expect(await restricted(file, office), file).toHaveLength(1);
    }
    expect(
      await restricted(
        'lib/portal/stays/booking.ts',
        "import { officeDb } from '../../office/db';\nexport const x = officeDb;\n",
      ),
    ).toHaveLength(1);
    const portal =
      "import { verifySession } from '../../portal/session/session';\nexport const x = verifySession;\n";
    expect(await restricted('lib/office/landlords/actions.ts', portal)).toHaveLength(1);
  });

  it("keeps the client's protocol behind its interface", async () => {
    const http =
      "import { HttpClient } from '@/lib/portal/api/http';\nexport const x = HttpClient;\n";
    for (const file of ['app/(portal)/(app)/aufenthalte/page.tsx', 'pages/kurkarte/[token].tsx']) {
      expect(await restricted(file, http), file).toHaveLength(1);
    }
    const relative = "import { HttpClient } from '../api/http';\nexport const x = HttpClient;\n";
    expect(await restricted('lib/portal/stays/booking.ts', relative)).toHaveLength(1);
    const own = "import { HttpClient } from './http';\nexport const x = HttpClient;\n";
    expect(await restricted('lib/portal/api/connect.ts', own)).toEqual([]);
  });

  it('lets the mount for `next dev` import the service handler', async () => {
    const code =
      "import { serviceHandler } from '@/lib/service';\nexport const x = serviceHandler;\n";
    expect(await restricted('app/api/[...path]/route.ts', code)).toEqual([]);
  });

  it("keeps next/link's prefetching Link out of pages and components", async () => {
    const rule = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
    };
    const own = "import NextLink from 'next/link';\nexport const x = NextLink;\n";
    for (const file of ['app/(portal)/(app)/aufenthalte/page.tsx', 'components/shell/header.tsx']) {
      expect(await rule(file, own), file).toHaveLength(1);
    }
    expect(await rule('components/ui/link.tsx', own)).toEqual([]);
    const hook = "import { useLinkStatus } from 'next/link';\nexport const x = useLinkStatus;\n";
    expect(await rule('components/ui/pending-link.tsx', hook)).toEqual([]);
  });

  it("holds the portal's features in one order: a lower one never imports a higher one", async () => {
    const upward = [
      "import { aggregate } from '../statement/aggregate';\nexport const x = aggregate;\n",
      "import type { GuestCardRow } from '@/lib/portal/guest-card/store';\nexport type X = GuestCardRow;\n",
      "export { purgeExpiredCheckins } from '../purge';\n",
    ];
    for (const code of upward) {
      expect(await outOfOrder('lib/portal/stays/example.ts', code), code).toHaveLength(1);
    }
    const downward =
      "import { ownerIs } from '../stays/forms-index';\nimport { fmt } from '@/lib/portal/i18n';\nexport const x = [ownerIs, fmt];\n";
    expect(await outOfOrder('lib/portal/statement/example.ts', downward)).toEqual([]);
    const inside = "import { parse } from './parse';\nexport const x = parse;\n";
    expect(await outOfOrder('lib/portal/calendars/example.ts', inside)).toEqual([]);
    // A feature the order does not name is given its place before it lints.
    expect(
      await outOfOrder('lib/portal/newcomer/example.ts', 'export const x = 1;\n'),
    ).toHaveLength(1);
  });
});
