// The settings page's sections: a table of what is there, a form to add, and per row a folded form
// to change or delete. Props only; the actions check and change (lib/office/configuration).
import { OfficeForm, type FieldSpec } from '@/components/office/office-form';
import { DataTable, type Column } from '@/components/ui/data-table';
import {
  addFieldAction,
  addSeasonAction,
  addTarifAction,
  addZoneAction,
  deleteFieldAction,
  deleteRateAction,
  deleteSeasonAction,
  deleteTarifAction,
  deleteZoneAction,
  renameZoneAction,
  setRateAction,
  updateFieldAction,
  updateSeasonAction,
  updateTarifAction,
} from '@/lib/office/configuration/actions';
import { type ConfigMessages, officeWords } from '@/lib/office/i18n';
import type { OfficeConfig } from '@/lib/office/configuration/read';

interface Props {
  config: OfficeConfig;
  c: ConfigMessages;
  lang: 'de' | 'en';
}

const FIELD_TYPES = ['text', 'date', 'email', 'number', 'boolean', 'country'];

function Table<T>({
  rows,
  columns,
  caption,
  lang,
  rowKey,
}: {
  rows: T[];
  columns: Column<T>[];
  caption: string;
  lang: 'de' | 'en';
  rowKey: (row: T) => string;
}) {
  return (
    <DataTable
      data={rows}
      columns={columns.map((col) => ({ ...col, sortable: false }))}
      rowKey={rowKey}
      sorting={[]}
      sortHref={() => '#'}
      sortedByServer
      labels={{
        caption,
        ...officeWords(lang).m.sorting,
      }}
    />
  );
}

/** A folded form for one row: change it, or delete it (the refusal is said in words). */
function RowForms({
  id,
  gemeinde,
  rowId,
  c,
  edit,
  remove,
}: {
  id: string;
  gemeinde: number;
  rowId: number;
  c: ConfigMessages;
  edit?: { action: Parameters<typeof OfficeForm>[0]['action']; fields: FieldSpec[] };
  remove: Parameters<typeof OfficeForm>[0]['action'];
}) {
  const hidden = { gemeinde: String(gemeinde), id: String(rowId) };
  return (
    <details>
      <summary className="cursor-pointer text-brand-800 underline">
        {edit ? `${c.save} / ${c.remove}` : c.remove}
      </summary>
      <div className="mt-2 space-y-3">
        {edit ? (
          <OfficeForm
            id={`${id}-edit`}
            action={edit.action}
            fields={edit.fields}
            hidden={hidden}
            submit={c.save}
            pending={c.pending}
          />
        ) : null}
        <OfficeForm
          id={`${id}-delete`}
          action={remove}
          fields={[]}
          hidden={hidden}
          submit={c.remove}
          pending={c.pending}
        />
      </div>
    </details>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function AddForm({
  id,
  gemeinde,
  action,
  fields,
  c,
}: {
  id: string;
  gemeinde: number;
  action: Parameters<typeof OfficeForm>[0]['action'];
  fields: FieldSpec[];
  c: ConfigMessages;
}) {
  return (
    <details className="max-w-xl">
      <summary className="cursor-pointer font-medium text-brand-800 underline">{c.add}</summary>
      <div className="mt-2">
        <OfficeForm
          id={id}
          action={action}
          fields={fields}
          hidden={{ gemeinde: String(gemeinde) }}
          submit={c.add}
          pending={c.pending}
        />
      </div>
    </details>
  );
}

const yesNo = (c: ConfigMessages, name: string, label: string, value: boolean): FieldSpec => ({
  name,
  label,
  options: [
    { value: '1', label: c.yes },
    { value: '0', label: c.no },
  ],
  defaultValue: value ? '1' : '0',
});

export function ZonesSection({ config, c, lang }: Props) {
  const g = config.gemeinde.id;
  return (
    <Section title={c.zones.title}>
      <Table
        rows={config.zones}
        caption={c.zones.title}
        lang={lang}
        rowKey={(z) => String(z.id)}
        columns={[
          { id: 'alias', header: c.zones.alias, primary: true, value: (z) => z.alias },
          {
            id: 'change',
            header: c.save,
            value: () => '',
            cell: (z) => (
              <RowForms
                id={`zone-${z.id}`}
                gemeinde={g}
                rowId={z.id}
                c={c}
                edit={{
                  action: renameZoneAction,
                  fields: [
                    { name: 'alias', label: c.zones.alias, required: true, defaultValue: z.alias },
                  ],
                }}
                remove={deleteZoneAction}
              />
            ),
          },
        ]}
      />
      <AddForm
        id="zone-new"
        gemeinde={g}
        action={addZoneAction}
        c={c}
        fields={[{ name: 'alias', label: c.zones.alias, required: true }]}
      />
    </Section>
  );
}

const seasonFields = (c: ConfigMessages, s?: OfficeConfig['seasons'][number]): FieldSpec[] => [
  { name: 'alias', label: c.seasons.alias, required: true, defaultValue: s?.alias },
  {
    name: 'valid_from',
    label: c.seasons.from,
    required: true,
    defaultValue: s?.validFrom,
    hint: c.seasons.dateHint,
  },
  {
    name: 'valid_until',
    label: c.seasons.until,
    required: true,
    defaultValue: s?.validUntil,
    hint: c.seasons.dateHint,
  },
];

export function SeasonsSection({ config, c, lang }: Props) {
  const g = config.gemeinde.id;
  return (
    <Section title={c.seasons.title}>
      {config.seasons.length ? (
        <Table
          rows={config.seasons}
          caption={c.seasons.title}
          lang={lang}
          rowKey={(s) => String(s.id)}
          columns={[
            { id: 'alias', header: c.seasons.alias, primary: true, value: (s) => s.alias },
            { id: 'from', header: c.seasons.from, value: (s) => s.validFrom },
            { id: 'until', header: c.seasons.until, value: (s) => s.validUntil },
            {
              id: 'change',
              header: c.save,
              value: () => '',
              cell: (s) => (
                <RowForms
                  id={`season-${s.id}`}
                  gemeinde={g}
                  rowId={s.id}
                  c={c}
                  edit={{ action: updateSeasonAction, fields: seasonFields(c, s) }}
                  remove={deleteSeasonAction}
                />
              ),
            },
          ]}
        />
      ) : (
        <p>{c.none}</p>
      )}
      <AddForm
        id="season-new"
        gemeinde={g}
        action={addSeasonAction}
        c={c}
        fields={seasonFields(c)}
      />
    </Section>
  );
}

const tarifFields = (c: ConfigMessages, t?: OfficeConfig['tariffs'][number]): FieldSpec[] => [
  ...(t
    ? []
    : [{ name: 'tarif_code', label: c.tariffs.code, required: true, hint: c.tariffs.codeHint }]),
  { name: 'alias', label: c.tariffs.alias, required: true, defaultValue: t?.alias },
  { name: 'full_alias', label: c.tariffs.fullAlias, defaultValue: t?.fullAlias },
  yesNo(c, 'is_active', c.tariffs.active, t?.isActive ?? true),
  yesNo(c, 'allow_beherberger', c.tariffs.landlords, t?.allowBeherberger ?? true),
  yesNo(c, 'print_kurkarte', c.tariffs.card, t?.printKurkarte ?? true),
  yesNo(c, 'default_selected', c.tariffs.default, t?.defaultSelected ?? false),
];

export function TariffsSection({ config, c, lang }: Props) {
  const g = config.gemeinde.id;
  const yn = (v: boolean) => (v ? c.yes : c.no);
  return (
    <Section title={c.tariffs.title}>
      <Table
        rows={config.tariffs}
        caption={c.tariffs.title}
        lang={lang}
        rowKey={(t) => String(t.id)}
        columns={[
          { id: 'code', header: c.tariffs.code, primary: true, value: (t) => t.tarifCode },
          { id: 'alias', header: c.tariffs.alias, value: (t) => t.fullAlias },
          { id: 'active', header: c.tariffs.active, value: (t) => yn(t.isActive) },
          { id: 'landlords', header: c.tariffs.landlords, value: (t) => yn(t.allowBeherberger) },
          { id: 'card', header: c.tariffs.card, value: (t) => yn(t.printKurkarte) },
          {
            id: 'change',
            header: c.save,
            value: () => '',
            cell: (t) => (
              <RowForms
                id={`tarif-${t.id}`}
                gemeinde={g}
                rowId={t.id}
                c={c}
                edit={{ action: updateTarifAction, fields: tarifFields(c, t) }}
                remove={deleteTarifAction}
              />
            ),
          },
        ]}
      />
      <AddForm id="tarif-new" gemeinde={g} action={addTarifAction} c={c} fields={tarifFields(c)} />
    </Section>
  );
}

export function RatesSection({ config, c, lang }: Props) {
  const g = config.gemeinde.id;
  const tarif = new Map(config.tariffs.map((t) => [t.id, t.tarifCode]));
  const zone = new Map(config.zones.map((z) => [z.id, z.alias]));
  const season = new Map(
    config.seasons.map((s) => [s.id, `${s.alias} (${s.validFrom} – ${s.validUntil})`]),
  );
  const euro = (cents: number) =>
    (cents / 100).toLocaleString(lang === 'en' ? 'en-GB' : 'de-DE', {
      style: 'currency',
      currency: 'EUR',
    });
  return (
    <Section title={c.rates.title}>
      <p className="max-w-3xl">{c.rates.intro}</p>
      {config.rates.length ? (
        <Table
          rows={config.rates}
          caption={c.rates.title}
          lang={lang}
          rowKey={(r) => String(r.id)}
          columns={[
            {
              id: 'tarif',
              header: c.rates.tarif,
              primary: true,
              value: (r) => tarif.get(r.tarifId),
            },
            { id: 'zone', header: c.rates.zone, value: (r) => zone.get(r.zoneId) },
            {
              id: 'season',
              header: c.rates.season,
              value: (r) => (r.seasonId === null ? c.noSeason : season.get(r.seasonId)),
            },
            { id: 'from', header: c.rates.validFrom, value: (r) => r.validFrom ?? c.always },
            { id: 'cents', header: c.rates.euro, numeric: true, value: (r) => euro(r.cents) },
            {
              id: 'change',
              header: c.remove,
              value: () => '',
              cell: (r) =>
                r.validFrom !== null ? (
                  <RowForms
                    id={`rate-${r.id}`}
                    gemeinde={g}
                    rowId={r.id}
                    c={c}
                    remove={deleteRateAction}
                  />
                ) : null,
            },
          ]}
        />
      ) : (
        <p>{c.none}</p>
      )}
      <AddForm
        id="rate-new"
        gemeinde={g}
        action={setRateAction}
        c={c}
        fields={[
          {
            name: 'tarif',
            label: c.rates.tarif,
            required: true,
            options: config.tariffs.map((t) => ({
              value: String(t.id),
              label: `${t.tarifCode} – ${t.alias}`,
            })),
          },
          {
            name: 'zone',
            label: c.rates.zone,
            required: true,
            options: config.zones.map((z) => ({ value: String(z.id), label: z.alias })),
          },
          {
            name: 'season',
            label: c.rates.season,
            options: [
              { value: '', label: c.noSeason },
              ...config.seasons.map((s) => ({ value: String(s.id), label: season.get(s.id)! })),
            ],
          },
          { name: 'valid_from', label: c.rates.validFrom, hint: c.rates.validFromHint },
          { name: 'euro', label: c.rates.euro, required: true, inputMode: 'text' },
        ]}
      />
    </Section>
  );
}

const fieldFields = (c: ConfigMessages, f?: OfficeConfig['fields'][number]): FieldSpec[] => [
  ...(f
    ? []
    : [{ name: 'column_name', label: c.fields.column, required: true, hint: c.fields.columnHint }]),
  { name: 'alias', label: c.fields.alias, required: true, defaultValue: f?.alias },
  {
    name: 'data_type',
    label: c.fields.type,
    required: true,
    options: FIELD_TYPES.map((t) => ({ value: t, label: t })),
    defaultValue: f?.dataType ?? 'text',
  },
  yesNo(c, 'required', c.fields.required, f?.required ?? false),
  yesNo(c, 'required_foreign_only', c.fields.foreignOnly, f?.requiredForeignOnly ?? false),
  yesNo(c, 'statistical', c.fields.statistical, f?.statistical ?? false),
  yesNo(c, 'transferable', c.fields.transferable, f?.transferable ?? true),
  yesNo(c, 'list_visible', c.fields.listVisible, f?.listVisible ?? true),
  {
    name: 'size',
    label: c.fields.size,
    inputMode: 'numeric',
    defaultValue: f?.size === null || f?.size === undefined ? '' : String(f.size),
  },
];

export function FieldsSection({ config, c, lang }: Props) {
  const g = config.gemeinde.id;
  const yn = (v: boolean) => (v ? c.yes : c.no);
  return (
    <Section title={c.fields.title}>
      {config.fields.length ? (
        <Table
          rows={config.fields}
          caption={c.fields.title}
          lang={lang}
          rowKey={(f) => String(f.id)}
          columns={[
            { id: 'column', header: c.fields.column, primary: true, value: (f) => f.columnName },
            { id: 'alias', header: c.fields.alias, value: (f) => f.alias },
            { id: 'type', header: c.fields.type, value: (f) => f.dataType },
            { id: 'required', header: c.fields.required, value: (f) => yn(f.required) },
            {
              id: 'foreign',
              header: c.fields.foreignOnly,
              value: (f) => yn(f.requiredForeignOnly),
            },
            {
              id: 'change',
              header: c.save,
              value: () => '',
              cell: (f) => (
                <RowForms
                  id={`field-${f.id}`}
                  gemeinde={g}
                  rowId={f.id}
                  c={c}
                  edit={{ action: updateFieldAction, fields: fieldFields(c, f) }}
                  remove={deleteFieldAction}
                />
              ),
            },
          ]}
        />
      ) : (
        <p>{c.none}</p>
      )}
      <AddForm id="field-new" gemeinde={g} action={addFieldAction} c={c} fields={fieldFields(c)} />
    </Section>
  );
}
