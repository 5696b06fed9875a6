// The month's forms ready for billing of every landlord as CSV (office.view_figures), streamed.
import { BillingMonth } from '@/lib/office/billing/billing';
import { billingCsv } from '@/lib/office/billing/export';
import { csvHeaders } from '@/lib/office/csv';
import { officeDb } from '@/lib/office/db';
import { officeI18n } from '@/lib/office/i18n';
import { staffGemeindeIds } from '@/lib/office/staff/scope';
import { verifyStaff } from '@/lib/office/sign-in/session';
import { berlinToday } from '@/lib/wire/time';

export async function GET(request: Request): Promise<Response> {
  const staff = await verifyStaff('/verwaltung/abrechnung', 'office.view_figures');
  const { m } = await officeI18n();
  const month = BillingMonth.safeParse(new URL(request.url).searchParams.get('monat'));
  if (!month.success) {
    return new Response(m.billing.invalid, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const db = await officeDb();
  const gemeinden = await staffGemeindeIds(db, staff);
  return new Response(billingCsv(db, gemeinden, month.data, berlinToday()), {
    headers: csvHeaders(`abrechnung-${month.data}.csv`),
  });
}
