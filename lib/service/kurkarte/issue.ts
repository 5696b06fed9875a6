// Issuing guest cards (spec 4.2 rule 2, 4.5, 8.7; DECISIONS 2.5, 2.8): one PDF per form with a
// page per guest, every issue logged as a print and moving a draft to printed, in the same
// transaction that answers the call.
import { publicBaseUrl } from '../../env';
import type { Db } from '../../db';
import { detail, ServiceError } from '../../wire/errors';
import type { GuestCardPdf, KarteInfo } from '../../wire/kurkarte';
import type { BuchenRequest, FormIdsRequest, FormResponse } from '../../wire/meldeschein';
import type { AuthUser } from '../context';
import { requirePermission } from '../meldescheine/access';
import { bookForms } from '../meldescheine/book';
import { formResponse, type StoredForm } from '../meldescheine/form-wire';
import { claimRequestId } from '../meldescheine/idempotency';
import {
  cardSources,
  loadFormsForPrint,
  lockFormsForPrint,
  recordPrint,
} from '../meldescheine/print';
import { berlinDate } from '../meldescheine/stamps';
import { cardUrl, signCardIdWithEnv } from './card-id';
import { drawKurkarten } from './draw';

/** The cards of a form that print (their tariff comes with one), each with its signed QR content. */
function printableCards(form: StoredForm) {
  const base = publicBaseUrl();
  const cards = cardSources(form)
    .filter((c, i) => form.gemeinde.tarife.get(form.guests[i]!.tarifId)?.printKurkarte !== false)
    .map((c) => {
      const token = signCardIdWithEnv(c);
      return { ...c, token, qrPayload: cardUrl(base, token) };
    });
  if (!cards.length) {
    throw new ServiceError(
      'validation_error',
      `Form ${form.row.id} has no guest whose tariff comes with a guest card.`,
      [
        detail(
          'meldescheine',
          'no_printable_tariff',
          `form ${form.row.id}: no tariff with print_kurkarte`,
          { id: form.row.id },
        ),
      ],
    );
  }
  return cards;
}

/** The PDF of one form: a card for each guest whose tariff prints one. */
async function renderForm(form: StoredForm): Promise<Uint8Array> {
  // The worker gets the drawing data only; the token is in the QR payload already.
  return drawKurkarten(printableCards(form).map(({ token: _token, ...card }) => card));
}

/** `?include=karten`: what each printed card shows, with the same signed id as its QR code. */
export function karten(form: StoredForm): KarteInfo[] {
  return printableCards(form).map((c) => ({
    person_id: c.personId,
    kartennummer: c.kartennummer,
    karten_id: c.token,
    qr: c.qrPayload,
    gast_name: c.gastName,
    anzahl: c.anzahl,
    tarif: c.tarif,
    gueltig_von: c.arrivalDate,
    gueltig_bis: c.departureDate,
    gemeinde: c.gemeinde,
    objekt: c.objekt.alias,
    beherberger: c.beherberger,
  }));
}

function asPrinted(form: StoredForm): StoredForm {
  return form.row.state === 'draft' ? { ...form, row: { ...form.row, state: 'printed' } } : form;
}

/** The same cards: what a form looked like when drawn equals what it looks like now. */
const sameCards = (a: StoredForm, b: StoredForm) =>
  JSON.stringify(cardSources(a)) === JSON.stringify(cardSources(b));

/** `get-pdf/`: the cards of the given forms, in the order of the ids. */
export async function printForms(
  db: Db,
  user: AuthUser,
  request: FormIdsRequest,
  now: Date,
  withKarten = false,
): Promise<GuestCardPdf[]> {
  const { scope, forms } = await loadFormsForPrint(db, user, request, now);
  // Drawn before the transaction: a form that cannot be printed records no print, and on PGlite
  // an open transaction would stop every other query while the cards are drawn.
  const drawn = await Promise.all(forms.map(renderForm));
  return db.transaction(async (tx) => {
    const current = await lockFormsForPrint(tx, scope, request.meldescheine, now);
    // Only an update that won the race with this print draws its form again.
    const pdfs = await Promise.all(
      current.map((f, i) => (sameCards(f, forms[i]!) ? drawn[i]! : renderForm(f))),
    );
    await recordPrint(
      tx,
      current.map((f) => f.row.id),
      user.id,
      'get-pdf',
      now,
    );
    await claimRequestId(tx, user, request.meta);
    return current.map((f, i) => ({
      id: f.row.id,
      encoding: 'base64' as const,
      pdf: Buffer.from(pdfs[i]!).toString('base64'),
      ...(withKarten ? { karten: karten(f) } : {}),
    }));
  });
}

/**
 * The AVS face's `druckeMeldescheine` (docs/avs.md): the cards of the given forms in one PDF, in
 * the order of the ids, each form's print logged (as `get-pdf`) and moving a draft to printed.
 */
export async function printFormsAsOne(
  db: Db,
  user: AuthUser,
  request: FormIdsRequest,
  now: Date,
): Promise<Uint8Array> {
  const { scope, forms } = await loadFormsForPrint(db, user, request, now);
  const cardsOf = (list: StoredForm[]) =>
    list.flatMap((f) => printableCards(f).map(({ token: _token, ...card }) => card));
  const drawn = await drawKurkarten(cardsOf(forms));
  return db.transaction(async (tx) => {
    const current = await lockFormsForPrint(tx, scope, request.meldescheine, now);
    const unchanged = current.every((f, i) => sameCards(f, forms[i]!));
    const pdf = unchanged ? drawn : await drawKurkarten(cardsOf(current));
    await recordPrint(
      tx,
      current.map((f) => f.row.id),
      user.id,
      'get-pdf',
      now,
    );
    return pdf;
  });
}

/** `buchen/` with `params.append_pdf`: book, print and answer the printed forms with their `pdf`. */
export async function bookAndPrint(
  db: Db,
  user: AuthUser,
  request: Pick<BuchenRequest, 'meta' | 'meldescheine'>,
  now: Date,
): Promise<(FormResponse & { pdf: string })[]> {
  requirePermission(user, 'meldeschein.print_kurkarte');
  return db.transaction(async (tx) => {
    const booked = await bookForms(tx, user, request, now);
    const ids = booked.map((f) => f.id);
    const { forms } = await loadFormsForPrint(
      tx,
      user,
      { meta: { ...request.meta, idempotent: false }, meldescheine: ids },
      now,
    );
    const pdfs = await Promise.all(forms.map(renderForm));
    await recordPrint(tx, ids, user.id, 'append_pdf', now);
    const today = berlinDate(now);
    return forms.map((f, i) => ({
      ...formResponse(asPrinted(f), today),
      pdf: Buffer.from(pdfs[i]!).toString('base64'),
    }));
  });
}
