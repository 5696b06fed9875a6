'use server';
// Actions on one form: cancel (stornieren) and reprint the guest card. Both end on the form's
// page; a refusal by the service comes back as `?fehler=<code>` and is explained there.
import { redirect } from 'next/navigation';
import { isApiError } from '@/lib/portal/api/client';
import { errorCodeForUrl } from '@/lib/portal/api/errors';
import { loadConfig } from '@/lib/portal/config/load';
import { saveForms, setState } from '../stays/forms-index';
import { syncForm } from '../stays/index-sync';
import { voidCards } from '@/lib/portal/guest-card/sync';
import { dropPdf, storePdf } from '../stays/pdf-store';
import { ownerOf, reauthenticateOn401, verifySession } from '@/lib/portal/session/session';
import { parseFormId } from '../form-id';

async function formContext(formId: number) {
  const path = `/aufenthalte/${formId}`;
  const session = await verifySession(path);
  try {
    const config = await loadConfig(session);
    // Into the index first (a form booked elsewhere too): the cancellation updates its row.
    const loaded = await syncForm(session, config, formId);
    return { session, path, loaded };
  } catch (err) {
    reauthenticateOn401(err, path);
    redirect(`${path}?fehler=${isApiError(err) ? errorCodeForUrl(err) : 'unavailable'}`);
  }
}

export async function cancelStay(rawId: string): Promise<void> {
  const formId = parseFormId(rawId);
  if (!formId) redirect('/aufenthalte');
  const { session, path, loaded } = await formContext(formId);
  if (!loaded) redirect(path);
  let outcome = 'storniert=1';
  try {
    const meta = { gemeinde: loaded.gemeindeId, objekt: loaded.form.objekt_id };
    await session.api.cancel(meta, [formId]);
    await setState(ownerOf(session), [formId], 'cancelled');
    // A cancelled stay has no guest card: the stored copy is not kept.
    await dropPdf(ownerOf(session), formId);
    await voidCards(ownerOf(session), formId);
  } catch (err) {
    reauthenticateOn401(err, path);
    if (!isApiError(err)) throw err;
    outcome = `fehler=${errorCodeForUrl(err)}`;
  }
  redirect(`${path}?${outcome}`);
}

/** A new `get-pdf` call: it counts as another print, so the page asks first. */
export async function reprintCard(rawId: string): Promise<void> {
  const formId = parseFormId(rawId);
  if (!formId) redirect('/aufenthalte');
  const { session, path, loaded } = await formContext(formId);
  if (!loaded) redirect(path);
  let outcome = 'nachgedruckt=1';
  try {
    const meta = { gemeinde: loaded.gemeindeId, objekt: loaded.form.objekt_id };
    const [card] = await session.api.guestCards(meta, [formId]);
    if (!card) throw new Error('get-pdf returned no card');
    await storePdf(ownerOf(session), loaded.form, card.pdf, true);
    await saveForms(ownerOf(session), loaded.gemeindeId, await session.api.get(meta, [formId]));
  } catch (err) {
    reauthenticateOn401(err, path);
    if (!isApiError(err)) throw err;
    outcome = `fehler=${errorCodeForUrl(err)}`;
  }
  redirect(`${path}?${outcome}`);
}
