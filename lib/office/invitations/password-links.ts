// Set-password links (docs/decisions/032): the way a new landlord's or staff account gets its first
// password, never through the shell. The token (256 random bits) travels only in the mail; the
// database keeps its SHA-256. A link works once (an atomic update marks it used), until it expires
// (7 days), and only while it is its account's newest: a new link revokes the older ones, and so
// do deactivating the account and changing its e-mail address (the link went to the old one).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { passwordLinks, staffAccounts, users } from '../../db/schema';
import { hashPassword } from '../../service/accounts/passwords';
import { announceBookersChange } from '../../service/bookers';
import { recordAudit } from '../audit/audit';
import { withdrawWaitingMail } from '../mail/outbox';

export type AccountKind = 'user' | 'staff';
export const LINK_TTL_MS = 7 * 24 * 3600_000;
/** Both kinds of account: a landlord's password guards forms of guests, a staff's the office. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new link for the account; older open links of it are revoked. `tx`: the change's transaction. */
export async function issueLink(
  tx: Db,
  kind: AccountKind,
  accountId: number,
  now: Date,
): Promise<{ linkId: number; token: string; expiresAt: Date }> {
  await revokeLinks(tx, kind, accountId, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
  const [row] = await tx
    .insert(passwordLinks)
    .values({
      accountKind: kind,
      accountId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    })
    .returning({ id: passwordLinks.id });
  return { linkId: row!.id, token, expiresAt };
}

/**
 * Revokes every open link of the account (a newer link, a deactivation, a new e-mail address) and
 * gives up their mails still waiting.
 */
export async function revokeLinks(
  tx: Db,
  kind: AccountKind,
  accountId: number,
  now: Date,
): Promise<void> {
  const revoked = await tx
    .update(passwordLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(passwordLinks.accountKind, kind),
        eq(passwordLinks.accountId, accountId),
        isNull(passwordLinks.usedAt),
        isNull(passwordLinks.revokedAt),
      ),
    )
    .returning({ id: passwordLinks.id });
  await withdrawWaitingMail(
    tx,
    revoked.map((r) => r.id),
  );
}

export type LinkRow = typeof passwordLinks.$inferSelect;
export type LinkState = 'open' | 'used' | 'revoked' | 'expired';

export function linkState(link: LinkRow, now: Date): LinkState {
  if (link.usedAt) return 'used';
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

export interface LinkAccount {
  kind: AccountKind;
  id: number;
  username: string;
  email: string | null;
  isActive: boolean;
}

/** The account a link is for. */
export async function accountOf(
  db: Db,
  kind: AccountKind,
  id: number,
): Promise<LinkAccount | null> {
  const table = kind === 'user' ? users : staffAccounts;
  const [row] = await db
    .select({
      id: table.id,
      username: table.username,
      email: table.email,
      isActive: table.isActive,
    })
    .from(table)
    .where(eq(table.id, id));
  return row ? { kind, ...row } : null;
}

/** An open link and its active account, by the token from the mail; null otherwise. */
export async function openLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ link: LinkRow; account: LinkAccount } | null> {
  if (!isTokenShaped(token)) return null;
  const [link] = await db
    .select()
    .from(passwordLinks)
    .where(eq(passwordLinks.tokenHash, hashToken(token)));
  if (!link || linkState(link, now) !== 'open') return null;
  const account = await accountOf(db, link.accountKind, link.accountId);
  if (!account?.isActive) return null;
  return { link, account };
}

export type SetPasswordOutcome =
  | { ok: true; account: LinkAccount }
  | { ok: false; reason: 'invalid_link' | 'too_short' | 'too_long' };

export function checkNewPassword(password: string): 'too_short' | 'too_long' | null {
  const length = [...password.normalize('NFC')].length;
  if (length < PASSWORD_MIN) return 'too_short';
  if (length > PASSWORD_MAX) return 'too_long';
  return null;
}

/**
 * Sets the account's password through the link, once: the link is marked used by one conditional
 * update in the same transaction as the password, so two submits at once let one through. A
 * landlord's tokens issued before are revoked; a staff account's sessions end.
 */
export async function setPasswordWithLink(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<SetPasswordOutcome> {
  const rule = checkNewPassword(password);
  if (rule) return { ok: false, reason: rule };
  if (!(await openLink(db, token, now))) return { ok: false, reason: 'invalid_link' };
  const passwordHash = await hashPassword(password);
  const outcome = await db.transaction(async (tx): Promise<SetPasswordOutcome> => {
    const [link] = await tx
      .update(passwordLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordLinks.tokenHash, hashToken(token)),
          isNull(passwordLinks.usedAt),
          isNull(passwordLinks.revokedAt),
          gt(passwordLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!link) return { ok: false, reason: 'invalid_link' };
    const account = await accountOf(tx, link.accountKind, link.accountId);
    if (!account?.isActive) return { ok: false, reason: 'invalid_link' };
    if (account.kind === 'user') {
      await tx
        .update(users)
        .set({ passwordHash, tokensValidAfter: now, modified: now })
        .where(eq(users.id, account.id));
    } else {
      await tx
        .update(staffAccounts)
        .set({ passwordHash, sessionsValidAfter: now, modified: now })
        .where(eq(staffAccounts.id, account.id));
    }
    await recordAudit(
      tx,
      { staffId: null, name: `${account.kind}:${account.username}` },
      account.kind === 'user' ? 'user.password_set_by_link' : 'staff.password_set_by_link',
      `${account.kind}:${account.id}`,
      { link: link.id },
    );
    return { ok: true, account };
  });
  if (outcome.ok && outcome.account.kind === 'user') await announceBookersChange(db, 'auth');
  return outcome;
}

/** The newest link of each account named (for the office's "invitation sent / used"). */
export async function newestLinks(
  db: Db,
  kind: AccountKind,
  accountIds: number[],
): Promise<Map<number, LinkRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([passwordLinks.accountId])
    .from(passwordLinks)
    .where(and(eq(passwordLinks.accountKind, kind), inArray(passwordLinks.accountId, accountIds)))
    .orderBy(passwordLinks.accountId, desc(passwordLinks.createdAt), desc(passwordLinks.id));
  return new Map(rows.map((r) => [r.accountId, r]));
}
