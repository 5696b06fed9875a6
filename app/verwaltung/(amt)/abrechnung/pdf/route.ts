// A landlord's billing statement of a month as PDF (office.view_figures).
import { z } from 'zod';
import { BillingMonth } from '@/lib/office/billing/billing';
import { landlordStatementPdf } from '@/lib/office/billing/statement';
import { officeDb } from '@/lib/office/db';
import { officeI18n } from '@/lib/office/i18n';
import { staffGemeindeIds } from '@/lib/office/staff/scope';
import { verifyStaff } from '@/lib/office/sign-in/session';
import { berlinToday } from '@/lib/wire/time';

const Query = z.object({ monat: BillingMonth, vermieter: z.coerce.number().int().positive() });

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function GET(request: Request): Promise<Response> {
  const staff = await verifyStaff('/verwaltung/abrechnung', 'office.view_figures');
  const { m, lang } = await officeI18n();
  const sp = new URL(request.url).searchParams;
  const q = Query.safeParse({ monat: sp.get('monat'), vermieter: sp.get('vermieter') });
  if (!q.success) return text(m.billing.invalid, 400);
  const db = await officeDb();
  const gemeinden = await staffGemeindeIds(db, staff);
  const pdf = await landlordStatementPdf(
    db,
    gemeinden,
    q.data.vermieter,
    q.data.monat,
    berlinToday(),
    lang,
    m.billing,
  );
  if (!pdf) return text(m.billing.nothing, 404);
  return new Response(Buffer.from(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="abrechnung-${q.data.monat}-${q.data.vermieter}.pdf"`,
      'cache-control': 'no-store',
    },
  });
}
