// Billing of a month: per landlord the forms ready for billing (departed, not cancelled) with the
// amount due, what is billed already, the statement PDF and the month's CSV; staff with
// office.bill mark a landlord's month billed (invoice number and faktura date on its forms). The
// landlords come 50 to a page, sorted in the database, with the month's total of all of them: the
// page of 500 landlords was 1.77 MB of HTML (issue 38).
import type { Metadata } from 'next';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field, TextInput } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Pager } from '@/components/office/pager';
import { markBilledAction } from '@/lib/office/billing/actions';
import {
  BILLING_SORTS,
  BillingMonth,
  billingPage,
  type BillingSort,
  type LandlordBilling,
} from '@/lib/office/billing/billing';
import { officeFormat } from '@/lib/office/billing/statement';
import { officeDb } from '@/lib/office/db';
import { fill, officeI18n } from '@/lib/office/i18n';
import { staffGemeindeIds } from '@/lib/office/staff/scope';
import { verifyStaff } from '@/lib/office/sign-in/session';
import { berlinToday } from '@/lib/wire/time';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.billing.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The month before today's: the one usually billed. */
function lastMonth(today: string): string {
  const y = Number(today.slice(0, 4));
  const mo = Number(today.slice(5, 7));
  return mo === 1 ? `${y - 1}-12` : `${y}-${String(mo - 1).padStart(2, '0')}`;
}

export default async function BillingPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await verifyStaff('/verwaltung/abrechnung', 'office.view_figures');
  const { m, lang } = await officeI18n();
  const t = m.billing;
  const f = officeFormat(lang);
  const sp = await searchParams;
  const today = berlinToday();
  const asked = one(sp.monat)?.trim() || lastMonth(today);
  const month = BillingMonth.safeParse(asked);
  const db = await officeDb();
  const gemeinden = await staffGemeindeIds(db, staff);
  const sortParam = one(sp.sort);
  const sortId = (BILLING_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as BillingSort)
    : 'landlord';
  const desc = one(sp.dir) === 'desc';
  const seite = Number(one(sp.seite) ?? 1);
  const list = month.success
    ? await billingPage(db, gemeinden, month.data, today, {
        sort: sortId,
        desc,
        page: Number.isInteger(seite) && seite >= 1 && seite <= 100_000 ? seite : 1,
      })
    : null;
  const rows = list?.rows ?? [];
  const canBill = staff.permissions.has('office.bill');
  const invoices = [sp.rechnung ?? []].flat();
  const nothing = one(sp.nichts);
  const billed = Number(one(sp.vermieter));
  // The landlord just marked billed, wherever its row is in the list.
  const marked =
    invoices.length && month.success && Number.isInteger(billed)
      ? (await billingPage(db, gemeinden, month.data, today, { only: billed })).rows[0]
      : undefined;
  const sortHref = (id: string) => {
    const p = new URLSearchParams({ monat: asked, sort: id });
    if (id === sortId && !desc) p.set('dir', 'desc');
    return `/verwaltung/abrechnung?${p}`;
  };
  const pageHref = (n: number) => {
    const p = new URLSearchParams({ monat: asked, sort: sortId });
    if (desc) p.set('dir', 'desc');
    if (n > 1) p.set('seite', String(n));
    return `/verwaltung/abrechnung?${p}`;
  };
  const c = t.cols;
  const columns: Column<LandlordBilling>[] = [
    { id: 'landlord', header: c.landlord, primary: true, value: (r) => r.alias },
    { id: 'vermieterNr', header: c.vermieterNr, value: (r) => r.vermieterNr ?? '' },
    {
      id: 'forms',
      header: c.forms,
      numeric: true,
      value: (r) => r.forms,
      cell: (r) => f.number(r.forms),
    },
    {
      id: 'amount',
      header: c.amount,
      numeric: true,
      value: (r) => r.amountCents,
      cell: (r) => f.euro(r.amountCents),
    },
    {
      id: 'open',
      header: c.open,
      numeric: true,
      value: (r) => r.openCents,
      cell: (r) => f.euro(r.openCents),
    },
    { id: 'invoices', header: c.invoices, sortable: false, value: (r) => r.invoices.join(', ') },
    {
      id: 'actions',
      header: c.actions,
      sortable: false,
      value: () => '',
      cell: (r) => (
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={`/verwaltung/abrechnung/pdf?${new URLSearchParams({ monat: asked, vermieter: String(r.beherbergerId) })}`}
            className="text-brand-800 underline"
          >
            {t.pdf}
            <span className="sr-only"> – {r.alias}</span>
          </a>
          {canBill && r.openForms > 0 ? (
            <form action={markBilledAction}>
              <input type="hidden" name="month" value={asked} />
              <input type="hidden" name="beherberger" value={r.beherbergerId} />
              <button type="submit" className={buttonClass('secondary')}>
                {t.mark}
                <span className="sr-only"> – {r.alias}</span>
              </button>
            </form>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p>{t.intro}</p>
      <div aria-live="polite">
        {marked ? (
          <Notice tone="success">
            {fill(t.marked, { invoice: invoices.join(', '), landlord: marked.alias })}
          </Notice>
        ) : null}
        {nothing ? <Notice tone="warning">{t.nothing}</Notice> : null}
        {one(sp.fehler) || !month.success ? <Notice tone="error">{t.invalid}</Notice> : null}
      </div>
      <form method="get" className="flex flex-wrap items-end gap-3">
        <Field id="monat" label={t.month} hint={t.monthHint}>
          {(d) => (
            <TextInput
              id="monat"
              name="monat"
              type="month"
              defaultValue={asked}
              aria-describedby={d}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass('primary')}>
          {t.show}
        </button>
      </form>
      {month.success && rows.length === 0 ? <p>{t.none}</p> : null}
      {month.success && rows.length > 0 ? (
        <>
          <p>
            <a
              href={`/verwaltung/abrechnung/csv?${new URLSearchParams({ monat: month.data })}`}
              className="text-brand-800 underline"
            >
              {t.csv}
            </a>
          </p>
          <p>
            {fill(t.landlords, { n: f.number(list!.landlords) })} · {t.total}:{' '}
            <strong>{f.euro(list!.totalCents)}</strong>
          </p>
          <DataTable
            data={rows}
            columns={columns}
            rowKey={(r) => String(r.beherbergerId)}
            sorting={[{ id: sortId, desc }]}
            sortHref={sortHref}
            sortedByServer
            labels={{
              caption: fill(t.caption, { month: f.month(month.data) }),
              ...m.sorting,
            }}
          />
          <Pager
            page={list!.page}
            pages={list!.pages}
            href={pageHref}
            labels={{ ...m.paging, pager: t.pager }}
          />
        </>
      ) : null}
    </div>
  );
}
