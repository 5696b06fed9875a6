// `aktualisieren` (spec 4.3): the first form of the request, in one transaction. Checks in the
// order of DECISIONS 2.3: the request's own shape and fields (400), the form (404, locked), its
// state (409: only draft and printed change), the request id (409), then what depends on the
// stored guests (400). Kurtaxe, span and warnings are recomputed; every guest change is recorded
// in personen_history with user, time, before and after.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { meldescheine } from '../../db/schema';
import { detail, ServiceError } from '../../wire/errors';
import {
  STATE_DISPLAY,
  UPDATE_FORM_KEYS,
  type AktualisierenRequest,
  type FormResponse,
} from '../../wire/meldeschein';
import type { AuthUser } from '../context';
import { resolveScope } from './access';
import { Problems } from './fields';
import { formResponse } from './form-wire';
import { checkUpdateActions, guestRecord } from './guests';
import { claimRequestId } from './idempotency';
import { computeForm } from './kurtaxe';
import { loadVisibleForms } from './load';
import { berlinDate } from './stamps';
import { effectiveState, isChangeable } from './states';
import { hasChanged, planUpdate, staysAsBooked } from './update-plan';
import type { FormExtras, GuestExtras } from './extras';

/** Update the first form of an `aktualisieren` request; the complete form as it is now. */
export async function updateForm(
  db: Db,
  user: AuthUser,
  request: Pick<AktualisierenRequest, 'meta' | 'meldescheine'>,
  now: Date,
  /** What another interface keeps with the form (the AVS face); per guest action its extras. */
  extras?: FormExtras & { guests?: readonly (GuestExtras | undefined)[] },
): Promise<FormResponse> {
  const scope = await resolveScope(db, user, request.meta, 'meldeschein.change_meldeschein');
  // Spec 4.3 rule 1: one form per call, the first.
  const form = request.meldescheine[0];
  if (!form) {
    throw new ServiceError('validation_error', 'One form to update is required.', [
      detail('meldescheine', 'too_small', 'at least one form is required', { min: 1 }),
    ]);
  }
  const cfg = scope.gemeinde;
  const today = berlinDate(now);
  const problems = new Problems();
  const actions = checkUpdateActions(cfg, form.personen, form.input_id, problems);
  problems.throwIfAny();
  // Spec 4.3: keys of the form the service does not read are ignored, and noted in the history of
  // every guest the call changes, beside that guest's own ignored keys.
  const formIgnored = Object.keys(form)
    .filter((key) => !UPDATE_FORM_KEYS.has(key))
    .map((key) => `meldescheine[0].${key}`);
  const ignoredOf = (actionIndex: number | null) => {
    const all = [...formIgnored, ...(actionIndex === null ? [] : actions[actionIndex]!.ignored)];
    return all.length ? all : null;
  };
  const deleteAction = new Map(
    actions.filter((a) => a.kind === 'delete').map((a) => [a.raw.id!, a.index]),
  );

  return db.transaction(async (tx) => {
    const [stored] = await loadVisibleForms(tx, scope, [form.id], { lock: true });
    const { row } = stored!;
    const state = effectiveState(row.state, row.departureDate, today);
    if (!isChangeable(state)) {
      throw new ServiceError(
        'form_not_changeable',
        `Form ${row.id} is ${STATE_DISPLAY[state]} (${state}) and can no longer be changed` +
          (state === 'departed' ? '; ask the municipality for changes.' : '.'),
        [detail('meldescheine[0].id', 'form_not_changeable', `state ${state}`, { state })],
      );
    }
    await claimRequestId(tx, scope.user, scope.meta);

    const plan = planUpdate(
      cfg,
      row.id,
      stored!.guests,
      actions,
      extras?.guests,
      extras?.replaceGuests,
    );
    // A guest whose stay is as booked keeps the Kurtaxe fixed then, whatever the rates say now
    // (docs/decisions/033); a changed stay is priced anew at the rates valid on its arrival.
    const live = plan.live.map((g) =>
      g.row && staysAsBooked(g, g.row) ? { ...g, fixedCents: g.row.kurtaxeCalcCents } : g,
    );
    const overflow = new Problems();
    const { guests, form: totals } = computeForm(cfg, stored!.objekt, live, today, (i) =>
      overflow.add(
        `meldescheine[0].personen[${plan.live[i]!.actionIndex ?? i}]`,
        'amount_too_large',
        'the Kurtaxe is larger than the service can hold',
      ),
    );
    overflow.throwIfAny();

    const userId = scope.user.id;
    let position = stored!.guests.reduce((max, g) => Math.max(max, g.position), -1);
    const created = guests.filter((g) => !g.row);
    if (created.length) {
      const rows = created.map((g) => ({
        position: ++position,
        ...guestRecord(g),
        ignored: ignoredOf(g.actionIndex),
      }));
      await tx.execute(sql`
        with y as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as y(position integer,
            tarif_id integer, gast_type text, anzahl integer, arrival_date date,
            departure_date date, kurtaxe integer, fields jsonb, ignored text[])
        ), p as (
          insert into personen (meldeschein_id, position, tarif_id, gast_type, anzahl,
            arrival_date, departure_date, kurtaxe_calc_cents, fields)
          select ${row.id}, y.position, y.tarif_id, y.gast_type, y.anzahl, y.arrival_date,
            y.departure_date, y.kurtaxe, y.fields
          from y
          returning *
        )
        insert into personen_history (person_id, meldeschein_id, user_id, action, after,
          ignored_fields)
        select p.id, p.meldeschein_id, ${userId}, 'create', to_jsonb(p), y.ignored
        from p join y on y.position = p.position`);
    }
    const changed = [
      ...guests
        .filter((g) => g.row && hasChanged(g))
        .map((g) => ({
          id: g.row!.id,
          deleted: false,
          ...guestRecord(g),
          ignored: ignoredOf(g.actionIndex),
        })),
      ...plan.deleted.map((r) => ({
        id: r.id,
        deleted: true,
        tarif_id: r.tarifId,
        gast_type: r.gastType,
        anzahl: r.anzahl,
        arrival_date: r.arrivalDate,
        departure_date: r.departureDate,
        kurtaxe: r.kurtaxeCalcCents,
        fields: r.fields,
        ignored: ignoredOf(deleteAction.get(r.id) ?? null),
      })),
    ];
    if (changed.length) {
      // `old` and `upd` see the same snapshot, so `old` holds the rows as they were before.
      await tx.execute(sql`
        with y as (
          select * from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as y(id integer,
            deleted boolean, tarif_id integer, gast_type text, anzahl integer, arrival_date date,
            departure_date date, kurtaxe integer, fields jsonb, ignored text[])
        ), old as (
          select personen.* from personen join y on y.id = personen.id
        ), upd as (
          update personen set tarif_id = y.tarif_id, gast_type = y.gast_type, anzahl = y.anzahl,
            arrival_date = y.arrival_date, departure_date = y.departure_date,
            kurtaxe_calc_cents = y.kurtaxe, fields = y.fields, modified = now(),
            deleted_at = case when y.deleted then now() else null end
          from y where personen.id = y.id and personen.meldeschein_id = ${row.id}
          returning personen.*
        )
        insert into personen_history (person_id, meldeschein_id, user_id, action, before, after,
          ignored_fields)
        select upd.id, upd.meldeschein_id, ${userId},
          case when upd.deleted_at is null then 'update' else 'delete' end,
          to_jsonb(old), to_jsonb(upd), y.ignored
        from upd join old on old.id = upd.id join y on y.id = upd.id`);
    }
    // A call that changes nothing leaves the form as it was, `modified` included.
    const inputId = form.input_id ?? row.inputId;
    if (created.length || changed.length || inputId !== row.inputId || extras) {
      await tx
        .update(meldescheine)
        .set({
          arrivalDate: totals.arrival,
          departureDate: totals.departure,
          kurtaxeCalcCents: totals.cents,
          precheckErrors: totals.prechecks,
          inputId,
          state: effectiveState(state, totals.departure, today),
          modified: now,
          ...(extras
            ? {
                avs: extras.kept ?? null,
                manuellerBetragCents: extras.manualCents ?? 0,
                kzManuellerBetrag: extras.manualCents != null,
              }
            : {}),
        })
        .where(eq(meldescheine.id, row.id));
    }
    const [current] = await loadVisibleForms(tx, scope, [row.id]);
    return formResponse(current!, today);
  });
}
