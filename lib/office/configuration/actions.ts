'use server';
// The settings page's actions (docs/decisions/033): verify the staff member and office.configure,
// check the form with the configuration file's schemas (every wrong field named), call the same
// change functions as the command line, and answer in words: saved, the fields in error, or why a
// change that would break booked forms was refused.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { FieldInput, SeasonInput, TarifInput, ZoneAlias } from '../../service/provisioning/schema';
import type { Actor } from '../audit/audit';
import {
  addField,
  addSeason,
  addTarif,
  addZone,
  ConfigRefused,
  deleteField,
  deleteRate,
  deleteSeason,
  deleteTarif,
  deleteZone,
  RateInput,
  renameZone,
  setRate,
  TarifUpdate,
  updateField,
  updateSeason,
  updateTarif,
} from './changes';
import { fieldFromForm, issuesByField, rateFromForm, seasonFromForm, tarifFromForm } from './input';
import { fill, officeI18n } from '../i18n';
import { officeDb } from '../db';
import { gemeindeInScope } from '../staff/scope';
import { verifyStaffAction } from '../sign-in/session';

export interface ConfigFormState {
  error?: string;
  errors?: Record<string, string>;
  message?: string;
  values?: Record<string, string>;
}

/** The typed text, so a refused form comes back as it was sent. */
const typed = (form: FormData): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !key.startsWith('$')) out[key] = value;
  }
  return out;
};

const PAGE = '/verwaltung/einstellungen';

const positive = (form: FormData, key: string) => {
  const n = Number(form.get(key));
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The common frame: who, which municipality, parse, change, words. */
async function run<S extends z.ZodType>(
  form: FormData,
  schema: S,
  input: unknown,
  write: (db: Db, g: number, v: z.output<S>, a: Actor) => Promise<unknown>,
  done: 'saved' | 'deleted' = 'saved',
): Promise<ConfigFormState> {
  const staff = await verifyStaffAction(PAGE, 'office.configure');
  const { c } = await officeI18n();
  const gemeinde = positive(form, 'gemeinde');
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return { errors: issuesByField(parsed.error, c.issues), values: typed(form) };
  }
  const db = await officeDb();
  // A municipality outside the staff member's scope is answered as an unknown one (staff/scope.ts).
  if (!(await gemeindeInScope(db, staff, gemeinde))) {
    return { error: c.refused.not_found, values: typed(form) };
  }
  try {
    await write(db, gemeinde, parsed.data, {
      staffId: staff.id,
      name: staff.username,
    });
  } catch (err) {
    if (err instanceof ConfigRefused) {
      return { error: fill(c.refused[err.code], err.params), values: typed(form) };
    }
    throw err;
  }
  revalidatePath(PAGE);
  return { message: done === 'saved' ? c.saved : c.deleted };
}

type Db = Awaited<ReturnType<typeof officeDb>>;

/** A delete by the form's `id`: nothing to parse, only the refusal to put in words. */
const remove = (
  form: FormData,
  del: (db: Db, g: number, id: number, a: Actor) => Promise<unknown>,
) => run(form, z.null(), null, (db, g, _v, a) => del(db, g, positive(form, 'id'), a), 'deleted');

export async function addZoneAction(_: ConfigFormState, form: FormData) {
  return run(form, ZoneAlias, form.get('alias') ?? '', (db, g, alias, a) =>
    addZone(db, g, alias, a),
  );
}

export async function renameZoneAction(_: ConfigFormState, form: FormData) {
  return run(form, ZoneAlias, form.get('alias') ?? '', (db, g, alias, a) =>
    renameZone(db, g, positive(form, 'id'), alias, a),
  );
}

export async function deleteZoneAction(_: ConfigFormState, form: FormData) {
  return remove(form, deleteZone);
}

export async function addSeasonAction(_: ConfigFormState, form: FormData) {
  return run(form, SeasonInput, seasonFromForm(form), (db, g, s, a) => addSeason(db, g, s, a));
}

export async function updateSeasonAction(_: ConfigFormState, form: FormData) {
  return run(form, SeasonInput, seasonFromForm(form), (db, g, s, a) =>
    updateSeason(db, g, positive(form, 'id'), s, a),
  );
}

export async function deleteSeasonAction(_: ConfigFormState, form: FormData) {
  return remove(form, deleteSeason);
}

export async function addTarifAction(_: ConfigFormState, form: FormData) {
  return run(form, TarifInput, tarifFromForm(form), (db, g, t, a) => addTarif(db, g, t, a));
}

export async function updateTarifAction(_: ConfigFormState, form: FormData) {
  const { tarif_code: _code, ...input } = tarifFromForm(form);
  return run(form, TarifUpdate, input, (db, g, t, a) =>
    updateTarif(db, g, positive(form, 'id'), t, a),
  );
}

export async function deleteTarifAction(_: ConfigFormState, form: FormData) {
  return remove(form, deleteTarif);
}

export async function setRateAction(_: ConfigFormState, form: FormData) {
  return run(form, RateInput, rateFromForm(form), (db, g, r, a) => setRate(db, g, r, a));
}

export async function deleteRateAction(_: ConfigFormState, form: FormData) {
  return remove(form, deleteRate);
}

export async function addFieldAction(_: ConfigFormState, form: FormData) {
  return run(form, FieldInput, fieldFromForm(form), (db, g, f, a) => addField(db, g, f, a));
}

export async function updateFieldAction(_: ConfigFormState, form: FormData) {
  const { column_name: _column, ...input } = fieldFromForm(form);
  // The column stays; the schema checks the rest as for a new field of the same name.
  return run(form, FieldInput, { ...input, column_name: 'x' }, (db, g, f, a) => {
    const { column_name: _ignored, ...rest } = f;
    return updateField(db, g, positive(form, 'id'), rest, a);
  });
}

export async function deleteFieldAction(_: ConfigFormState, form: FormData) {
  return remove(form, deleteField);
}
