// Staff management (docs/decisions/032): a new staff member is invited by mail and enrols the second
// factor at the first sign-in; rights change, deactivation and the second factor's reset are
// audited and end the account's sessions; an account cannot take its own management right away
// nor deactivate itself, and the last active manager stays one. An unbound manager moves another
// account between municipalities; a bound one cannot, nobody moves its own. TOTP secrets are stored sealed:
// the database never holds the plaintext, and a plaintext one from before is sealed once.
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { officeMailOutbox, staffAccounts, staffAudit, staffRecoveryCodes } from '@/lib/db/schema';
import { CLI_ACTOR, type Actor } from '@/lib/office/audit/audit';
import { FieldError } from '@/lib/office/landlords/edits';
import { newTotpSecret } from '@/lib/office/sign-in/second-factor';
import { sealSession, staffOfSession } from '@/lib/office/sign-in/session-seal';
import { checkSecondFactor, enrolSecondFactor } from '@/lib/office/sign-in/sign-in';
import { createStaff } from '@/lib/office/staff/staff';
import {
  StaffChangeError,
  changeStaffActive,
  changeStaffGemeinde,
  changeStaffPermissions,
  createStaffWithInvitation,
  listStaff,
  resetSecondFactor,
} from '@/lib/office/staff/admin';
import { sealPlainTotpSecrets } from '@/lib/office/staff/secrets';
import { useSecondInstance, useTestDb } from '../helpers/db';

const t = useTestDb();
/** An unbound manager: every municipality (lib/office/staff/scope.ts). */
const EVERYWHERE = { gemeindeId: null };
const second = useSecondInstance(t);
let addresses = 0;
const address = () => `203.0.113.${++addresses}`;
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

const ALL = [
  'office.view_figures',
  'office.manage_landlords',
  'office.configure',
  'office.view_audit',
  'office.manage_staff',
] as const;

async function member(name: string, permissions: readonly string[] = ALL): Promise<Actor> {
  const id = await createStaff(
    t.db,
    { username: name, permissions: permissions as (typeof ALL)[number][] },
    'a long staff password',
    CLI_ACTOR,
  );
  return { staffId: id, name };
}

async function enrol(staffId: number) {
  const secret = newTotpSecret();
  const now = new Date();
  await enrolSecondFactor(t.db, {
    staffId,
    secret,
    code: codeAt(secret, now),
    address: address(),
    now,
  });
  return secret;
}

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof StaffChangeError ? err.reason : String(err)),
  );

const actionsOf = async (staffId: number) =>
  (
    await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subject, `staff:${staffId}`))
  ).map((a) => a.action);

describe('staff management', () => {
  it('creates a staff member with an invitation mail, naming every wrong field', async () => {
    const boss = await member('chefin');
    try {
      await createStaffWithInvitation(
        t.db,
        { username: 'x', email: 'nope', permissions: ['office.fly'] },
        boss,
        EVERYWHERE,
      );
      throw new Error('not refused');
    } catch (err) {
      expect(err).toBeInstanceOf(FieldError);
      expect((err as FieldError).fields).toEqual({
        username: 'required',
        email: 'email',
        permissions: 'invalid',
      });
    }
    const id = await createStaffWithInvitation(
      t.db,
      { username: 'kasse', email: 'kasse@seeblick.example', permissions: ['office.view_figures'] },
      boss,
      EVERYWHERE,
    );
    const [mail] = await t.db
      .select()
      .from(officeMailOutbox)
      .where(eq(officeMailOutbox.toAddress, 'kasse@seeblick.example'));
    expect(mail).toMatchObject({ kind: 'staff_invitation', state: 'waiting', username: 'kasse' });
    expect(await actionsOf(id)).toEqual(['staff.create', 'staff.invite']);
    const row = (await listStaff(t.db, EVERYWHERE)).find((s) => s.id === id);
    expect(row).toMatchObject({
      permissions: ['office.view_figures'],
      enrolled: false,
      isActive: true,
    });
    await expect(
      createStaffWithInvitation(
        t.db,
        { username: 'KASSE', email: 'k2@seeblick.example', permissions: [] },
        boss,
        EVERYWHERE,
      ),
    ).rejects.toThrow(FieldError);
  });

  it('keeps an account from taking its own management right away and the last manager from going', async () => {
    // Every manager made so far goes, except one.
    const managers = (await listStaff(t.db, EVERYWHERE)).filter(
      (s) => s.isActive && s.permissions.includes('office.manage_staff'),
    );
    const last = managers[0]!;
    for (const other of managers.slice(1)) {
      await changeStaffActive(t.db, other.id, false, CLI_ACTOR);
    }
    const lastActor: Actor = { staffId: last.id, name: last.username };
    expect(
      await reason(changeStaffPermissions(t.db, last.id, ['office.view_audit'], lastActor)),
    ).toBe('own_right');
    expect(await reason(changeStaffActive(t.db, last.id, false, lastActor))).toBe('self');
    expect(
      await reason(changeStaffPermissions(t.db, last.id, ['office.view_audit'], CLI_ACTOR)),
    ).toBe('last_manager');
    expect(await reason(changeStaffActive(t.db, last.id, false, CLI_ACTOR))).toBe('last_manager');

    // With a second manager, the first may lose the right (by another account).
    const helper = await member('helfer', ['office.manage_staff']);
    expect(await reason(changeStaffPermissions(t.db, last.id, ['office.view_audit'], helper))).toBe(
      'ok',
    );
    const [after] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, last.id));
    expect(after!.permissions).toEqual(['office.view_audit']);
    expect(await actionsOf(last.id)).toContain('staff.update');
    // It may still change its own other rights.
    expect(
      await reason(
        changeStaffPermissions(
          t.db,
          helper.staffId!,
          ['office.manage_staff', 'office.view_audit'],
          helper,
        ),
      ),
    ).toBe('ok');
  });

  it('moves an account to one municipality and back to all, by an unbound manager only', async () => {
    const operator = await member('betreiber', ['office.manage_staff']);
    const moved = await member('wechsel', ['office.view_figures']);
    const seeblick = t.demo.gemeinden.seeblick.id;
    const hohenwald = { gemeindeId: t.demo.gemeinden.hohenwald.id };
    const inSeeblick = async () =>
      (await listStaff(t.db, { gemeindeId: seeblick })).some((s) => s.id === moved.staffId);

    await changeStaffGemeinde(t.db, moved.staffId!, seeblick, operator, EVERYWHERE);
    expect(await inSeeblick()).toBe(true);
    // Its next page reads the new scope from the database.
    const [row] = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, moved.staffId!));
    expect(row!.gemeindeId).toBe(seeblick);
    expect(await actionsOf(moved.staffId!)).toContain('staff.update');

    // A bound manager moves nobody, nobody moves its own account, an unknown municipality is refused.
    await expect(
      changeStaffGemeinde(t.db, moved.staffId!, null, operator, hohenwald),
    ).rejects.toBeInstanceOf(FieldError);
    expect(
      await reason(changeStaffGemeinde(t.db, operator.staffId!, seeblick, operator, EVERYWHERE)),
    ).toBe('own_gemeinde');
    await expect(
      changeStaffGemeinde(t.db, moved.staffId!, 999_999, operator, EVERYWHERE),
    ).rejects.toBeInstanceOf(FieldError);
    expect(await inSeeblick()).toBe(true);

    await changeStaffGemeinde(t.db, moved.staffId!, null, operator, EVERYWHERE);
    expect(await inSeeblick()).toBe(false);
  });

  it('ends the sessions of a deactivated account, and a reset second factor must be enrolled again', async () => {
    const boss = await member('leitung');
    const clerk = await member('sachbearbeiter', ['office.manage_landlords']);
    const secret = await enrol(clerk.staffId!);
    const since = new Date(Date.now() - 1000);
    const cookie = await sealSession(clerk.staffId!, since);
    expect(await staffOfSession(t.db, cookie, new Date())).toMatchObject({ id: clerk.staffId });

    await resetSecondFactor(t.db, clerk.staffId!, boss);
    expect(await staffOfSession(t.db, cookie, new Date())).toBeNull();
    const [reset] = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, clerk.staffId!));
    expect(reset!.totpSecret).toBeNull();
    expect(
      await t.db
        .select()
        .from(staffRecoveryCodes)
        .where(eq(staffRecoveryCodes.staffId, clerk.staffId!)),
    ).toEqual([]);
    // The old authenticator's code no longer passes.
    await expect(
      checkSecondFactor(t.db, {
        staffId: clerk.staffId!,
        code: codeAt(secret, new Date(Date.now() + 30_000)),
        address: address(),
        now: new Date(Date.now() + 30_000),
      }),
    ).rejects.toThrow();

    await enrol(clerk.staffId!);
    const fresh = await sealSession(clerk.staffId!, new Date(Date.now() + 5));
    await new Promise((r) => setTimeout(r, 10));
    expect(await staffOfSession(t.db, fresh, new Date())).not.toBeNull();
    await changeStaffActive(t.db, clerk.staffId!, false, boss);
    expect(await staffOfSession(t.db, fresh, new Date())).toBeNull();
    expect(await actionsOf(clerk.staffId!)).toEqual([
      'staff.create',
      'staff.enrol_second_factor',
      'staff.reset_second_factor',
      'staff.enrol_second_factor',
      'staff.deactivate',
    ]);
  });
});

describe('two managers at once', () => {
  it('leaves one manager when the last two take the right from each other in parallel', async () => {
    // Only these two manage staff (every other manager loses the right first).
    const a = await member('manager-a');
    const b = await member('manager-b');
    for (const s of await listStaff(t.db, EVERYWHERE)) {
      if (
        s.id !== a.staffId &&
        s.id !== b.staffId &&
        s.permissions.includes('office.manage_staff')
      ) {
        await changeStaffPermissions(t.db, s.id, [], a);
      }
    }
    const outcomes = await Promise.all([
      reason(changeStaffPermissions(t.db, b.staffId!, ['office.view_audit'], a)),
      reason(changeStaffPermissions(second.db, a.staffId!, ['office.view_audit'], b)),
    ]);
    expect(outcomes.sort()).toEqual(['last_manager', 'ok']);
    const managers = (await listStaff(t.db, EVERYWHERE)).filter(
      (s) => s.isActive && s.permissions.includes('office.manage_staff'),
    );
    expect(managers).toHaveLength(1);
  });
});

describe('TOTP secrets at rest', () => {
  it('are stored sealed, never as the plaintext, and still check codes', async () => {
    const { staffId } = await member('verschluesselt');
    const secret = await enrol(staffId!);
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId!));
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpSecret).toMatch(/^v1\./);
    const dump = JSON.stringify(await t.db.select().from(staffAccounts));
    expect(dump).not.toContain(secret);
    const later = new Date(Date.now() + 30_000);
    await expect(
      checkSecondFactor(t.db, {
        staffId: staffId!,
        code: codeAt(secret, later),
        address: address(),
        now: later,
      }),
    ).resolves.toEqual({ method: 'totp' });
    // Copied to another account's row, a sealed secret does not open.
    const { staffId: otherId } = await member('kopie');
    await t.db
      .update(staffAccounts)
      .set({ totpSecret: row!.totpSecret })
      .where(eq(staffAccounts.id, otherId!));
    const later2 = new Date(Date.now() + 60_000);
    await expect(
      checkSecondFactor(t.db, {
        staffId: otherId!,
        code: codeAt(secret, later2),
        address: address(),
        now: later2,
      }),
    ).rejects.toThrow();
  });

  it('seals a secret stored in plaintext before sealing existed', async () => {
    const { staffId } = await member('altbestand');
    const secret = newTotpSecret();
    await t.db
      .update(staffAccounts)
      .set({ totpSecret: secret })
      .where(eq(staffAccounts.id, staffId!));
    expect(await sealPlainTotpSecrets(t.db)).toBeGreaterThanOrEqual(1);
    expect(await sealPlainTotpSecrets(t.db)).toBe(0);
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId!));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(JSON.stringify(await t.db.select().from(staffAccounts))).not.toContain(secret);
    const now = new Date();
    await expect(
      checkSecondFactor(t.db, {
        staffId: staffId!,
        code: codeAt(secret, now),
        address: address(),
        now,
      }),
    ).resolves.toEqual({ method: 'totp' });
  });
});
