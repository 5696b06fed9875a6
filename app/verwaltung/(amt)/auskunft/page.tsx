// The inspection export (BMG § 30(4), docs/decisions/033): choose a landlord and a period; the page
// checks them, says how many forms the export holds, and offers the download (a post to
// ./export, which audits and streams). Staff with office.inspect only.
import type { Metadata } from 'next';
import { buttonClass } from '@/components/ui/button';
import { Field, Select, TextInput } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { fill, officeI18n } from '@/lib/office/i18n';
import { issuesByField, typedDate } from '@/lib/office/configuration/input';
import { officeDb } from '@/lib/office/db';
import {
  countInspection,
  InspectionQuery,
  inspectionLandlords,
} from '@/lib/office/inspection/inspection';
import { verifyStaff } from '@/lib/office/sign-in/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).c.inspection.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function Inspection({ searchParams }: { searchParams: SearchParams }) {
  const staff = await verifyStaff('/verwaltung/auskunft', 'office.inspect');
  const { c } = await officeI18n();
  const i = c.inspection;
  const db = await officeDb();
  const sp = await searchParams;
  const values = {
    beherberger: one(sp.beherberger),
    from: typedDate(one(sp.from)),
    to: typedDate(one(sp.to)),
    format: one(sp.format) || 'csv',
  };
  const asked = values.beherberger !== '' || values.from !== '' || values.to !== '';
  const parsed = asked ? InspectionQuery.safeParse(values) : null;
  const errors = parsed && !parsed.success ? issuesByField(parsed.error, c.issues) : {};
  const landlords = await inspectionLandlords(db, staff);
  const landlord = parsed?.success
    ? landlords.find((l) => l.id === parsed.data.beherberger)
    : undefined;
  if (parsed?.success && !landlord) errors.beherberger = i.notFound;
  const counts =
    parsed?.success && landlord
      ? await countInspection(db, parsed.data, landlord.gemeindeId)
      : null;

  const field = (name: 'from' | 'to', label: string) => (
    <Field id={name} label={label} required hint={c.seasons.dateHint} error={errors[name]}>
      {(describedBy, invalid) => (
        <TextInput
          id={name}
          name={name}
          defaultValue={values[name]}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required
        />
      )}
    </Field>
  );

  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">{i.title}</h1>
      <p>{i.intro}</p>
      <form method="get" className="space-y-4" noValidate>
        <Field id="beherberger" label={i.landlord} required error={errors.beherberger}>
          {(describedBy, invalid) => (
            <Select
              id="beherberger"
              name="beherberger"
              defaultValue={values.beherberger}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              aria-required
            >
              <option value="">–</option>
              {landlords.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.alias}
                  {l.ort ? ` (${l.ort})` : ''} · {l.id}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {field('from', i.from)}
        {field('to', i.to)}
        <Field id="format" label={i.format} error={errors.format}>
          {(describedBy) => (
            <Select
              id="format"
              name="format"
              defaultValue={values.format}
              aria-describedby={describedBy}
            >
              <option value="csv">CSV</option>
              <option value="json">JSON</option>
            </Select>
          )}
        </Field>
        <button type="submit" className={buttonClass('secondary')}>
          {i.check}
        </button>
      </form>
      {counts && parsed?.success ? (
        <div className="space-y-3">
          <Notice tone="success">{fill(i.found, counts)}</Notice>
          <form method="post" action="/verwaltung/auskunft/export">
            <input type="hidden" name="beherberger" value={parsed.data.beherberger} />
            <input type="hidden" name="from" value={parsed.data.from} />
            <input type="hidden" name="to" value={parsed.data.to} />
            <input type="hidden" name="format" value={parsed.data.format} />
            <button type="submit" className={buttonClass('primary')}>
              {i.download} ({parsed.data.format.toUpperCase()})
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
