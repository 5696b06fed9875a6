// Billing (decision 031, docs/api.md): the forms "ready for billing" of a month are those of the
// municipality whose stay is over (departed: the last guest's departure lies before today, the
// state every read shows) and that are not cancelled, counted in the month of their departure.
// The amount due of a form is its `verwendete_kurtaxe` (the manual amount when the municipality
// set one, else the computed Kurtaxe). Marking a landlord's month billed gives every such form
// not yet billed the invoice's number and date (`invoice`, `faktura_date`), in one transaction
// with its audit entry.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { rowsOf } from '../../db/rows';
import { invoiceCounters } from '../../db/schema';
import { intArray } from '../../service/meldescheine/load';
import { recordAudit, type Actor } from '../audit/audit';
import { nextMonth } from '../figures/periods';

export const BillingMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** Forms departed in `month` (YYYY-MM) and before `today`: the bounds on departure_date. */
function billingRange(month: string, today: string): { from: string; until: string } {
  const from = `${month}-01`;
  const end = nextMonth(from);
  return { from, until: end < today ? end : today };
}

const AMOUNT = sql`(case when m.kz_manueller_betrag then m.manueller_betrag_cents
  else m.kurtaxe_calc_cents end)`;

/** The forms ready for billing of the municipalities `g` in a range of departure dates. */
const READY = (g: readonly number[], r: { from: string; until: string }) => sql`
  m.gemeinde_id = any(${intArray(g)}::int[]) and m.state <> 'cancelled'
  and m.departure_date >= ${r.from}::date and m.departure_date < ${r.until}::date`;

/** Per landlord (of `only`, when given): its forms ready for billing, their amount, invoices. */
const byLandlord = (g: readonly number[], r: { from: string; until: string }, only?: number) => sql`
  select m.beherberger_id, count(*)::int as forms, sum(${AMOUNT})::float8 as amount,
    (count(*) filter (where m.invoice is null))::int as open_forms,
    coalesce(sum(${AMOUNT}) filter (where m.invoice is null), 0)::float8 as open_amount,
    array_agg(distinct m.invoice) filter (where m.invoice is not null) as invoices
  from meldescheine m
  where ${READY(g, r)} ${only === undefined ? sql`` : sql`and m.beherberger_id = ${only}`}
  group by m.beherberger_id`;

export interface LandlordBilling {
  beherbergerId: number;
  alias: string;
  vermieterNr: string | null;
  debitorNr: string | null;
  forms: number;
  amountCents: number;
  /** Forms of the month not yet billed, and their amount. */
  openForms: number;
  openCents: number;
  invoices: string[];
}

/** Per landlord with forms ready for billing in `month`: forms, amount due, what is billed. */
export async function billingByLandlord(
  db: Db,
  gemeindeIds: readonly number[],
  month: string,
  today: string,
): Promise<LandlordBilling[]> {
  const rows = rowsOf<BillingRow>(
    await db.execute(sql`
      select a.beherberger_id, b.alias, b.vermieter_nr, b.debitor_nr, a.forms, a.amount,
        a.open_forms, a.open_amount, a.invoices
      from (${byLandlord(gemeindeIds, billingRange(month, today))}) a
      join beherberger b on b.id = a.beherberger_id
      order by b.alias, a.beherberger_id`),
  );
  return rows.map(landlordBilling);
}

interface BillingRow {
  beherberger_id: number;
  alias: string;
  vermieter_nr: string | null;
  debitor_nr: string | null;
  forms: number;
  amount: number;
  open_forms: number;
  open_amount: number;
  invoices: string[] | null;
}

const landlordBilling = (r: BillingRow): LandlordBilling => ({
  beherbergerId: r.beherberger_id,
  alias: r.alias,
  vermieterNr: r.vermieter_nr,
  debitorNr: r.debitor_nr,
  forms: r.forms,
  amountCents: Number(r.amount),
  openForms: r.open_forms,
  openCents: Number(r.open_amount),
  invoices: [...(r.invoices ?? [])].sort(),
});

export const BILLING_SORTS = ['landlord', 'vermieterNr', 'forms', 'amount', 'open'] as const;
export type BillingSort = (typeof BILLING_SORTS)[number];
const SORT_COLUMNS: Record<BillingSort, string> = {
  landlord: 'b.alias',
  vermieterNr: 'b.vermieter_nr',
  forms: 'a.forms',
  amount: 'a.amount',
  open: 'a.open_amount',
};

/** Landlords on one page of the billing list: its HTML stays the same size whatever their number. */
export const BILLING_PAGE_SIZE = 50;

export interface BillingPage {
  rows: LandlordBilling[];
  /** Landlords with forms ready for billing in the month, and the month's amount due of all. */
  landlords: number;
  totalCents: number;
  page: number;
  pages: number;
}

/**
 * One page of `billingByLandlord`, sorted in the database (ties by name and id), with the month's
 * count and total of all landlords from the same read (window sums before the limit). A page
 * beyond the last is the last. `only`: one landlord's row (the notice after marking it billed).
 */
export async function billingPage(
  db: Db,
  gemeindeIds: readonly number[],
  month: string,
  today: string,
  opts: { sort?: BillingSort; desc?: boolean; page?: number; only?: number } = {},
): Promise<BillingPage> {
  const size = BILLING_PAGE_SIZE;
  const read = async (page: number) =>
    rowsOf<BillingRow & { landlords: number; total: number }>(
      await db.execute(sql`
        select a.beherberger_id, b.alias, b.vermieter_nr, b.debitor_nr, a.forms, a.amount,
          a.open_forms, a.open_amount, a.invoices,
          (count(*) over ())::int as landlords, (sum(a.amount) over ())::float8 as total
        from (${byLandlord(gemeindeIds, billingRange(month, today), opts.only)}) a
        join beherberger b on b.id = a.beherberger_id
        order by ${sql.raw(SORT_COLUMNS[opts.sort ?? 'landlord'])} ${sql.raw(opts.desc ? 'desc nulls last' : 'asc nulls first')},
          b.alias, a.beherberger_id
        limit ${size} offset ${(page - 1) * size}`),
    );
  let page = Math.max(1, Math.floor(opts.page ?? 1));
  let rows = await read(page);
  if (!rows.length && page > 1) {
    // Beyond the last page (a stale link): the last one, found by the count of page one.
    const first = await read(1);
    page = Math.max(1, Math.ceil((first[0]?.landlords ?? 0) / size));
    rows = page === 1 ? first : await read(page);
  }
  const landlords = rows[0]?.landlords ?? 0;
  return {
    rows: rows.map(landlordBilling),
    landlords,
    totalCents: Number(rows[0]?.total ?? 0),
    page,
    pages: Math.max(1, Math.ceil(landlords / size)),
  };
}

export interface BillingLine {
  beherbergerId: number;
  beherbergerAlias: string;
  vermieterNr: string | null;
  formId: number;
  meldescheinnummer: string;
  objekt: string;
  arrival: string;
  departure: string;
  persons: number;
  nights: number;
  amountCents: number;
  fakturaDate: string | null;
  invoice: string | null;
}

interface LineRow {
  beherberger_id: number;
  beherberger_alias: string;
  vermieter_nr: string | null;
  id: number;
  meldescheinnummer: string;
  objekt: string;
  arrival: string;
  departure: string;
  persons: number;
  nights: number;
  amount: number;
  faktura_date: string | null;
  invoice: string | null;
}

/**
 * The forms ready for billing in `month`, by municipality, departure date and form id, read in
 * batches by that key (never the month in one array): an export of every landlord holds one batch
 * at a time, and each batch continues the index `meldescheine_billing_idx` where the last stopped.
 * Yields each batch whole (the CSV writes a batch as one chunk); `billingLines` yields its lines.
 */
export async function* billingBatches(
  db: Db,
  gemeindeIds: readonly number[],
  month: string,
  today: string,
  opts: { beherbergerId?: number; batch?: number } = {},
): AsyncGenerator<BillingLine[]> {
  const range = billingRange(month, today);
  const batch = opts.batch ?? 2000;
  for (const gemeinde of [...gemeindeIds].sort((a, b) => a - b)) {
    let after = { departure: range.from, id: 0 };
    for (;;) {
      const rows = rowsOf<LineRow>(
        await db.execute(sql`
          select m.beherberger_id, b.alias as beherberger_alias, b.vermieter_nr, m.id,
            m.meldescheinnummer, o.alias as objekt, m.arrival_date::text as arrival,
            m.departure_date::text as departure, coalesce(g.persons, 0)::int as persons,
            coalesce(g.nights, 0)::int as nights, ${AMOUNT} as amount,
            m.faktura_date::text as faktura_date, m.invoice
          from (
            select m.* from meldescheine m
            where m.gemeinde_id = ${gemeinde}::int and m.state <> 'cancelled'
              and m.departure_date < ${range.until}::date
              and (m.departure_date, m.id) > (${after.departure}::date, ${after.id}::int)
              ${opts.beherbergerId === undefined ? sql`` : sql`and m.beherberger_id = ${opts.beherbergerId}::int`}
            order by m.departure_date, m.id
            limit ${batch}
          ) m
          join beherberger b on b.id = m.beherberger_id
          join objekte o on o.id = m.objekt_id
          left join lateral (
            select sum(p.anzahl) as persons,
              sum(p.anzahl * (p.departure_date - p.arrival_date)) as nights
            from personen p where p.meldeschein_id = m.id and p.deleted_at is null
          ) g on true
          order by m.departure_date, m.id`),
      );
      if (rows.length) yield rows.map(billingLine);
      if (rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      after = { departure: last.departure, id: last.id };
    }
  }
}

const billingLine = (r: LineRow): BillingLine => ({
  beherbergerId: r.beherberger_id,
  beherbergerAlias: r.beherberger_alias,
  vermieterNr: r.vermieter_nr,
  formId: r.id,
  meldescheinnummer: r.meldescheinnummer,
  objekt: r.objekt,
  arrival: r.arrival,
  departure: r.departure,
  persons: r.persons,
  nights: r.nights,
  amountCents: Number(r.amount),
  fakturaDate: r.faktura_date,
  invoice: r.invoice,
});

/** `billingBatches` line by line (a landlord's statement). */
export async function* billingLines(
  ...args: Parameters<typeof billingBatches>
): AsyncGenerator<BillingLine> {
  for await (const lines of billingBatches(...args)) yield* lines;
}

export interface MarkedBilled {
  gemeindeId: number;
  invoice: string;
  fakturaDate: string;
  forms: number;
  amountCents: number;
}

/** `KT-<year>-<n>`: the n-th invoice of the municipality in the faktura date's year. */
export const invoiceNumber = (year: number, n: number) =>
  `KT-${year}-${String(n).padStart(5, '0')}`;

/**
 * The municipality's next invoice number, taken in the billing's transaction: the counter row
 * stays locked until it commits, so two clerks of one municipality get consecutive numbers, and a
 * billing that rolls back gives its number back (no gaps).
 */
async function nextInvoice(tx: Db, gemeindeId: number, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ gemeindeId, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.gemeindeId, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return invoiceNumber(year, row!.last);
}

/**
 * Mark a landlord's month billed: every form of it ready for billing and not yet billed gets an
 * invoice of its municipality (its own numbering, `invoiceNumber`; forms that depart or are booked
 * later go on a later invoice) and `today` as faktura date. The number is fixed here and never
 * computed again. One transaction with an audit entry per invoice, under a lock on the landlord,
 * so two clerks cannot bill the same forms twice. Only forms of `gemeindeIds` (the staff member's
 * municipalities, staff/scope.ts) are billed, as the list shows them: a landlord registered with
 * one municipality whose object lies in another is billed there for that object's stays (an
 * unbound account billing such a landlord makes one invoice per municipality). Empty when nothing
 * was left to bill, also for a landlord without forms of these municipalities (as an unknown one).
 */
export async function markBilled(
  db: Db,
  actor: Actor,
  gemeindeIds: readonly number[],
  beherbergerId: number,
  month: string,
  today: string,
): Promise<MarkedBilled[]> {
  const range = billingRange(month, today);
  return db.transaction(async (tx) => {
    const locked = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select id from beherberger where id = ${beherbergerId} for update`),
    );
    if (!locked.length) return [];
    const open = rowsOf<{ gemeinde_id: number }>(
      await tx.execute(sql`
        select distinct m.gemeinde_id from meldescheine m
        where ${READY(gemeindeIds, range)} and m.beherberger_id = ${beherbergerId}
          and m.invoice is null
        order by m.gemeinde_id`),
    );
    const out: MarkedBilled[] = [];
    // In the municipalities' order, so parallel billings take the counter rows in one order.
    for (const { gemeinde_id: gemeindeId } of open) {
      const invoice = await nextInvoice(tx, gemeindeId, Number(today.slice(0, 4)));
      const marked = rowsOf<{ id: number; amount: number }>(
        await tx.execute(sql`
          update meldescheine m set faktura_date = ${today}::date, invoice = ${invoice}, modified = now()
          where ${READY([gemeindeId], range)} and m.beherberger_id = ${beherbergerId}
            and m.invoice is null
          returning m.id, ${AMOUNT} as amount`),
      );
      const amountCents = marked.reduce((s, r) => s + Number(r.amount), 0);
      await recordAudit(
        tx,
        actor,
        'billing.mark_billed',
        `beherberger:${beherbergerId}`,
        { month, invoice, faktura_date: today, forms: marked.length, amount_cents: amountCents },
        gemeindeId,
      );
      out.push({ gemeindeId, invoice, fakturaDate: today, forms: marked.length, amountCents });
    }
    return out;
  });
}
