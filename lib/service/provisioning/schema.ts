// The file a municipality loads with `npm run admin -- load-config <file>`.
import { z } from 'zod';
import { PERMISSIONS } from '../../wire/config';
import { FIELD_DATA_TYPES } from '../../wire/guest-rules';
import { isCalendarDate } from '../../wire/time';
import { RESERVED_FIELD_NAMES } from '../meldescheine/config';

/** A real calendar date; custom issues carry their code for the office's words. */
export const calendarDate = z.string().refine(isCalendarDate, {
  message: 'expected a real date YYYY-MM-DD',
  params: { code: 'not_a_date' },
});
const cents = z.int().min(0).max(100_000);
const STATISTICAL_TYPES: ReadonlySet<string> = new Set(['country', 'number', 'boolean']);

// One schema per configuration entity, used by the file and by the office's forms alike
// (docs/decisions/033): a wrong value gets the same message wherever it comes from. Custom issues
// carry a machine code in `params.code` for the office's words.
export const ZoneAlias = z.string().trim().min(1);

export const SeasonInput = z
  .strictObject({
    alias: z.string().trim().min(1),
    valid_from: calendarDate,
    valid_until: calendarDate,
  })
  .refine((s) => s.valid_from <= s.valid_until, {
    message: 'valid_until is before valid_from',
    path: ['valid_until'],
    params: { code: 'until_before_from' },
  });
export type SeasonInput = z.input<typeof SeasonInput>;

export const TarifInput = z.strictObject({
  tarif_code: z.string().trim().min(1),
  alias: z.string().trim().min(1),
  full_alias: z.string().trim().min(1).optional(),
  is_active: z.boolean().default(true),
  allow_beherberger: z.boolean().default(true),
  print_kurkarte: z.boolean().default(true),
  default_selected: z.boolean().default(false),
});
export type TarifInput = z.input<typeof TarifInput>;

/** A checked tariff's stored columns (besides municipality and code). */
export const tarifColumns = (t: Omit<z.output<typeof TarifInput>, 'tarif_code'>) => ({
  alias: t.alias,
  fullAlias: t.full_alias ?? t.alias,
  isActive: t.is_active,
  allowBeherberger: t.allow_beherberger,
  printKurkarte: t.print_kurkarte,
  defaultSelected: t.default_selected,
});

export const FieldInput = z
  .strictObject({
    column_name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'letters, digits and _ only')
      .refine((c) => !RESERVED_FIELD_NAMES.has(c), {
        message: 'the name of a fixed guest key',
        params: { code: 'reserved_name' },
      }),
    alias: z.string().trim().min(1),
    data_type: z.enum(FIELD_DATA_TYPES),
    required: z.boolean().default(false),
    size: z.int().positive().nullable().default(null),
    transferable: z.boolean().default(true),
    list_visible: z.boolean().default(true),
    priority: z.string().default('normal'),
    required_foreign_only: z.boolean().default(false),
    statistical: z.boolean().default(false),
  })
  .superRefine((f, ctx) => {
    // A standard client reads only `required`: a foreign-only field must not claim it.
    if (f.required_foreign_only && f.required) {
      ctx.addIssue({
        code: 'custom',
        path: ['required'],
        message: 'a required_foreign_only field keeps required: false',
        params: { code: 'foreign_only_required' },
      });
    }
    // Kept after retention: a category, never text, an e-mail or a date that identifies a guest.
    if (f.statistical && !STATISTICAL_TYPES.has(f.data_type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['statistical'],
        message: 'only country, number and boolean fields can be statistical',
        params: { code: 'statistical_type' },
      });
    }
  });
export type FieldInput = z.input<typeof FieldInput>;

/** A checked field's stored columns (besides municipality, name and position). */
export const fieldColumns = (f: z.output<typeof FieldInput>) => ({
  alias: f.alias,
  dataType: f.data_type,
  required: f.required,
  size: f.size,
  transferable: f.transferable,
  listVisible: f.list_visible,
  priority: f.priority,
  requiredForeignOnly: f.required_foreign_only,
  statistical: f.statistical,
});

/** Cents per night and person. */
export const Cents = cents;

export const GemeindeConfigFile = z
  .object({
    gemeinde: z.strictObject({
      alias: z.string().min(1),
      using_paper: z.boolean().default(false),
      using_ems: z.boolean().default(true),
      datatable_name: z.string().nullable().default(null),
    }),
    ortsteile: z.array(z.string().min(1)).default([]),
    /** Kinds of accommodation; an object names one by id or alias. */
    unterkunftsarten: z.array(z.string().min(1)).default([]),
    tarifzonen: z.array(ZoneAlias).min(1, 'at least one tariff zone'),
    saisonzeiten: z.array(SeasonInput).default([]),
    tarife: z
      .array(
        TarifInput.extend({
          /** Cents per night: zone alias -> season alias (or "*" for nights without a season) -> cents. */
          rates: z.record(z.string(), z.record(z.string(), cents)),
        }),
      )
      .min(1, 'at least one tariff'),
    meldeschein_fields: z.array(FieldInput).default([]),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seasons = new Set(file.saisonzeiten.map((s) => s.alias));
    const zones = new Set(file.tarifzonen);
    file.tarife.forEach((t, i) => {
      for (const [zone, bySeason] of Object.entries(t.rates)) {
        if (!zones.has(zone)) {
          ctx.addIssue({
            code: 'custom',
            path: ['tarife', i, 'rates', zone],
            message: `unknown tariff zone "${zone}"`,
          });
        }
        for (const season of Object.keys(bySeason)) {
          if (season !== '*' && !seasons.has(season)) {
            ctx.addIssue({
              code: 'custom',
              path: ['tarife', i, 'rates', zone, season],
              message: `unknown season "${season}" (use a saisonzeiten alias or "*")`,
            });
          }
        }
      }
    });
    const columns = file.meldeschein_fields.map((f) => f.column_name);
    columns.forEach((c, i) => {
      if (columns.indexOf(c) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['meldeschein_fields', i, 'column_name'],
          message: `duplicate column "${c}"`,
        });
      }
    });
  });
export type GemeindeConfigFile = z.input<typeof GemeindeConfigFile>;

export const BeherbergerInput = z.strictObject({
  gemeinde: z.int().positive(),
  alias: z.string().min(1),
  firma: z.string().nullable().default(null),
  anrede: z.string().nullable().default(null),
  vorname: z.string().nullable().default(null),
  nachname: z.string().nullable().default(null),
  strasse: z.string().nullable().default(null),
  plz: z.string().nullable().default(null),
  ort: z.string().nullable().default(null),
  telefon: z.string().nullable().default(null),
  email: z.email().nullable().default(null),
  vermieter_nr: z.string().nullable().default(null),
  debitor_nr: z.string().nullable().default(null),
});
export type BeherbergerInput = z.input<typeof BeherbergerInput>;

export const ObjektInput = z.strictObject({
  beherberger: z.int().positive(),
  tarifzone: z.int().positive(),
  ortsteil: z.int().positive().nullable().default(null),
  alias: z.string().min(1),
  anzahl_betten: z.int().min(0),
  strasse: z.string().nullable().default(null),
  plz: z.string().nullable().default(null),
  ort: z.string().nullable().default(null),
  /** A kind of accommodation of the zone's municipality, by id or alias. */
  unterkunftsart: z
    .union([z.int().positive(), z.string().min(1)])
    .nullable()
    .default(null),
});
export type ObjektInput = z.input<typeof ObjektInput>;

export const UserInput = z.strictObject({
  username: z
    .string()
    .min(2)
    .regex(/^[\w.@+-]+$/, 'letters, digits and . @ + - _ only'),
  email: z.email().nullable().default(null),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  alias: z.string().default(''),
  beherberger: z.array(z.int().positive()).default([]),
  permissions: z.array(z.enum(PERMISSIONS)).default([...PERMISSIONS]),
});
export type UserInput = z.input<typeof UserInput>;
