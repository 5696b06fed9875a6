'use server';
// The landlord's actions on the arrival day, from the stay page: mark a paper form signed, note
// the ID check, say how the party is related. They touch only the portal's own record, under the
// signed-in owner's key (someone else's form is simply unknown), and end on the stay page with
// `?ankunft=<what>` or `?ankunftFehler=<code>`.
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/db';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { parseFormId } from '@/lib/portal/form-id';
import type { Relations } from '@/lib/wire/arrival-duty';
import { confirmOnPaper, noteIdCheck, setPartyKind, setRelations } from './confirm';
import type { IdCheck } from './xml';

const ID_CHECKS: readonly IdCheck[] = ['compared', 'deviation', 'no_id'];

async function context(rawFormId: string, rawGuestId?: string) {
  const formId = parseFormId(String(rawFormId));
  if (!formId) redirect('/aufenthalte');
  const path = `/aufenthalte/${formId}`;
  const session = await verifySession(path);
  const guestId = rawGuestId === undefined ? 0 : parseFormId(String(rawGuestId));
  if (guestId === null) redirect(`${path}?ankunftFehler=not-a-signer#ankunft`);
  return { ref: { ...ownerOf(session), formId }, path, guestId, db: await getDb() };
}

/** Back to the stay page: `flash` when the outcome is `ok`, else the outcome as the error code. */
const done = (path: string, outcome: string, ok: string, flash: 'signed' | 'id' | 'kind') =>
  redirect(
    outcome === ok
      ? `${path}?ankunft=${flash}#ankunft`
      : `${path}?ankunftFehler=${encodeURIComponent(outcome)}#ankunft`,
  );

export async function markSignedOnPaper(rawFormId: string, rawGuestId: string): Promise<void> {
  const { ref, path, guestId, db } = await context(rawFormId, rawGuestId);
  done(path, await confirmOnPaper(db, ref, guestId), 'confirmed', 'signed');
}

export async function noteIdCheckAction(
  rawFormId: string,
  rawGuestId: string,
  formData: FormData,
): Promise<void> {
  const { ref, path, guestId, db } = await context(rawFormId, rawGuestId);
  const result = String(formData.get('ergebnis') ?? '');
  const check = ID_CHECKS.find((c) => c === result);
  if (!check) redirect(`${path}?ankunftFehler=invalid#ankunft`);
  const note = formData.get('abweichung');
  const outcome = await noteIdCheck(
    db,
    ref,
    guestId,
    check,
    typeof note === 'string' ? note : null,
  );
  done(path, outcome, 'noted', 'id');
}

export async function setPartyKindAction(rawFormId: string, formData: FormData): Promise<void> {
  const { ref, path, db } = await context(rawFormId);
  const kind = formData.get('art') === 'family' ? 'family' : 'separate';
  done(path, await setPartyKind(db, ref, kind), 'changed', 'kind');
}

/**
 * The landlord corrects who travels with whom (`beziehung.<guest id>` = `partner:<id>` or
 * `child:<id>`, empty for none), until the first confirmation; the record drops what names no
 * guest of the form.
 */
export async function setRelationsAction(rawFormId: string, formData: FormData): Promise<void> {
  const { ref, path, db } = await context(rawFormId);
  const relations: Relations = {};
  for (const [name, value] of formData.entries()) {
    const key = /^beziehung\.(\d{1,10})$/.exec(name);
    const rel = typeof value === 'string' ? /^(partner|child):(\d{1,10})$/.exec(value) : null;
    if (key && rel) relations[key[1]!] = { as: rel[1] as 'partner' | 'child', of: Number(rel[2]) };
  }
  done(path, await setRelations(db, ref, relations), 'changed', 'kind');
}
