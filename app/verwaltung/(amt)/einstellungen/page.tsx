// The municipality's configuration (docs/decisions/033): zones, seasons, tariffs, rates with their
// "valid from", and guest fields, for staff with office.configure. Each form posts to an action
// that checks it like the configuration file and answers in words.
import type { Metadata } from 'next';
import { buttonClass } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { officeDb } from '@/lib/office/db';
import { officeI18n } from '@/lib/office/i18n';
import { loadOfficeConfig } from '@/lib/office/configuration/read';
import { staffGemeinden } from '@/lib/office/staff/scope';
import { verifyStaff } from '@/lib/office/sign-in/session';
import {
  FieldsSection,
  RatesSection,
  SeasonsSection,
  TariffsSection,
  ZonesSection,
} from './sections';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).c.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Settings({ searchParams }: { searchParams: SearchParams }) {
  const staff = await verifyStaff('/verwaltung/einstellungen', 'office.configure');
  const { c, lang } = await officeI18n();
  const db = await officeDb();
  const gemeinden = await staffGemeinden(db, staff);
  const raw = (await searchParams).gemeinde;
  const wanted = Number(Array.isArray(raw) ? raw[0] : raw);
  const selected = gemeinden.find((g) => g.id === wanted) ?? gemeinden[0];
  const config = selected ? await loadOfficeConfig(db, selected.id) : null;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{c.title}</h1>
        <p className="max-w-3xl">{c.intro}</p>
      </div>
      {gemeinden.length > 1 ? (
        <form method="get" className="flex flex-wrap items-end gap-3">
          <Field id="gemeinde" label={c.gemeinde}>
            {(describedBy) => (
              <Select
                id="gemeinde"
                name="gemeinde"
                defaultValue={String(selected?.id ?? '')}
                aria-describedby={describedBy}
              >
                {gemeinden.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.alias}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <button type="submit" className={buttonClass('secondary')}>
            {c.show}
          </button>
        </form>
      ) : null}
      {config ? (
        <>
          <h2 className="text-xl font-semibold">{config.gemeinde.alias}</h2>
          <ZonesSection config={config} c={c} lang={lang} />
          <SeasonsSection config={config} c={c} lang={lang} />
          <TariffsSection config={config} c={c} lang={lang} />
          <RatesSection config={config} c={c} lang={lang} />
          <FieldsSection config={config} c={c} lang={lang} />
        </>
      ) : (
        <p>{c.none}</p>
      )}
    </div>
  );
}
