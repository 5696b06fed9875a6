// Idempotency (spec 8, DECISIONS 2.9), guaranteed even for parallel requests: the key
// (user, requestId) is inserted inside the operation's own transaction under the primary key. A
// parallel twin blocks on the uncommitted key and, once the first commits, finds it and gets 409;
// if the first fails, its key vanishes with its transaction. Keys expire 300 s after success.
// A booking records the forms it created under its key (idempotency_key_forms, in its own
// statement), and a repeat's 409 names them, so a client whose first answer was lost finds them.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { detail, ServiceError } from '../../wire/errors';
import type { RequestMeta } from '../../wire/meta';
import type { AuthUser } from '../context';
import { rowsOf } from '../../db/rows';

export const REQUEST_ID_TTL_SECONDS = 300;

/** Whether the call asks for idempotency (the schema makes requestId present then). */
export function wantsClaim(meta: RequestMeta): meta is RequestMeta & { requestId: string } {
  return meta.idempotent === true && meta.requestId !== undefined;
}

/**
 * The statement that claims the key: one row when claimed, none when still stored. The values may
 * be placeholders of a statement prepared once (book.ts).
 */
export function claimStatement(userId: number | Placeholder, requestId: string | Placeholder): SQL {
  return sql`
    insert into idempotency_keys (user_id, request_id) values (${userId}, ${requestId})
    on conflict (user_id, request_id) do update set created_at = now()
      where idempotency_keys.created_at < now() - make_interval(secs => ${REQUEST_ID_TTL_SECONDS})
    returning 1 as claimed`;
}

/** The statements a booking adds: its forms under the key, older ones of a reclaimed key gone. */
export function keyFormsStatements(
  userId: number | Placeholder,
  requestId: string | Placeholder,
): SQL {
  return sql`
    kd as (
      delete from idempotency_key_forms
      where user_id = ${userId} and request_id = ${requestId} and exists (select 1 from k)
    ), kf as (
      insert into idempotency_key_forms (user_id, request_id, form_id)
      select ${userId}, ${requestId}, f.id from f
    ),`;
}

/** 409 for a repeat, naming the forms the first request created (in id order, so request order). */
export async function duplicateRequest(
  db: Db,
  user: AuthUser,
  requestId: string,
): Promise<ServiceError> {
  const rows = rowsOf<{ form_id: number }>(
    await db.execute(sql`
      select form_id from idempotency_key_forms
      where user_id = ${user.id} and request_id = ${requestId} order by form_id`),
  );
  const err = new ServiceError(
    'duplicate_request',
    `The requestId ${JSON.stringify(requestId)} was already used by this account in the last ${REQUEST_ID_TTL_SECONDS} seconds; nothing was done.`,
    [detail('meta.requestId', 'already_used', 'already used')],
  );
  err.forms = rows.map((r) => r.form_id);
  return err;
}

/** Claim `meta.requestId` for the user when `meta.idempotent`; 409 when it is still stored. */
export async function claimRequestId(tx: Db, user: AuthUser, meta: RequestMeta): Promise<void> {
  if (!wantsClaim(meta)) return;
  const result = await tx.execute(claimStatement(user.id, meta.requestId));
  if (!rowsOf(result).length) throw await duplicateRequest(tx, user, meta.requestId);
}

/** Drop keys that can no longer block anything (run by the state job). */
export async function purgeExpiredRequestIds(db: Db): Promise<void> {
  await db.execute(sql`
    delete from idempotency_keys
    where created_at < now() - make_interval(secs => ${REQUEST_ID_TTL_SECONDS})`);
  await db.execute(sql`
    delete from idempotency_key_forms f
    where not exists (select 1 from idempotency_keys k
                      where k.user_id = f.user_id and k.request_id = f.request_id)`);
}
