// Invitations (docs/decisions/032): a set-password link and its mail, made in one transaction with
// the audit entry, for a landlord's account or a staff account. The office, the staff management
// and `npm run admin -- invite` call these. A new invitation revokes the account's older links, so
// only the newest mail's link works.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import { UserInput, createUser } from '../../service/provisioning';
import { recordAudit, type Actor } from '../audit/audit';
import { enqueueOfficeMail, mailOfLinks, type OfficeMailRow } from '../mail/outbox';
import {
  accountOf,
  issueLink,
  linkState,
  newestLinks,
  type AccountKind,
  type LinkState,
} from './password-links';

export type InvitationRefusal = 'not_found' | 'inactive' | 'no_email';

export class InvitationError extends Error {
  constructor(readonly reason: InvitationRefusal) {
    super(reason);
    this.name = 'InvitationError';
  }
}

/** Queues a set-password mail for the account inside `tx` (the caller's transaction). */
export async function inviteInTransaction(
  tx: Db,
  kind: AccountKind,
  accountId: number,
  actor: Actor,
  lang: 'de' | 'en',
  now: Date,
): Promise<OfficeMailRow> {
  const account = await accountOf(tx, kind, accountId);
  if (!account) throw new InvitationError('not_found');
  if (!account.isActive) throw new InvitationError('inactive');
  if (!account.email) throw new InvitationError('no_email');
  const link = await issueLink(tx, kind, accountId, now);
  const mail = await enqueueOfficeMail(
    tx,
    {
      kind: kind === 'user' ? 'landlord_invitation' : 'staff_invitation',
      linkId: link.linkId,
      to: account.email,
      username: account.username,
      lang,
      token: link.token,
    },
    now,
  );
  await recordAudit(
    tx,
    actor,
    kind === 'user' ? 'user.invite' : 'staff.invite',
    `${kind}:${accountId}`,
    {
      link: link.linkId,
      to: account.email,
    },
  );
  return mail;
}

export async function invite(
  db: Db,
  kind: AccountKind,
  accountId: number,
  actor: Actor,
  lang: 'de' | 'en' = 'de',
  now = new Date(),
): Promise<OfficeMailRow> {
  return db.transaction((tx) => inviteInTransaction(tx, kind, accountId, actor, lang, now));
}

/** What the office shows of an account's newest invitation. */
export interface InvitationStatus {
  link: LinkState;
  mail: OfficeMailRow['state'] | null;
  /** When the mail went out, the link was used, or the mail failed (its reason then). */
  sentAt: Date | null;
  usedAt: Date | null;
  reason: string | null;
}

export async function invitationStatuses(
  db: Db,
  kind: AccountKind,
  accountIds: number[],
  now = new Date(),
): Promise<Map<number, InvitationStatus>> {
  const links = await newestLinks(db, kind, accountIds);
  const mails = await mailOfLinks(
    db,
    [...links.values()].map((l) => l.id),
  );
  const out = new Map<number, InvitationStatus>();
  for (const [accountId, link] of links) {
    const mail = mails.get(link.id);
    out.set(accountId, {
      link: linkState(link, now),
      mail: mail?.state ?? null,
      sentAt: mail?.sentAt ?? null,
      usedAt: link.usedAt,
      reason: mail?.lastError ?? null,
    });
  }
  return out;
}

/** A landlord's account made in the office: no password anyone knows, and its invitation. */
export async function addUserWithInvitation(
  db: Db,
  input: UserInput,
  actor: Actor,
  lang: 'de' | 'en' = 'de',
): Promise<number> {
  const u = UserInput.parse(input);
  const password = randomBytes(32).toString('base64url');
  const now = new Date();
  return db.transaction(async (tx) => {
    const id = await createUser(tx, u, password);
    await recordAudit(tx, actor, 'user.create', `user:${id}`, {
      username: u.username,
      beherberger: u.beherberger,
      permissions: u.permissions,
    });
    await inviteInTransaction(tx, 'user', id, actor, lang, now);
    return id;
  });
}
