'use server';
// Marking a landlord's month billed from the office: verify the staff member and `office.bill`,
// validate, call the same function as any other caller, and go back to the month's list with the
// outcome in the address (the invoice number, never guest data).
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { berlinToday } from '../../wire/time';
import { officeDb } from '../db';
import { staffGemeindeIds } from '../staff/scope';
import { verifyStaffAction } from '../sign-in/session';
import { BillingMonth, markBilled } from './billing';

const MarkInput = z.object({
  month: BillingMonth,
  beherberger: z.coerce.number().int().positive(),
});

const LIST = '/verwaltung/abrechnung';

export async function markBilledAction(form: FormData): Promise<void> {
  const staff = await verifyStaffAction(LIST, 'office.bill');
  const input = MarkInput.safeParse({
    month: form.get('month'),
    beherberger: form.get('beherberger'),
  });
  if (!input.success) redirect(`${LIST}?fehler=1`);
  const { month, beherberger } = input.data;
  const db = await officeDb();
  const gemeinden = await staffGemeindeIds(db, staff);
  const marked = await markBilled(
    db,
    { staffId: staff.id, name: staff.username },
    gemeinden,
    beherberger,
    month,
    berlinToday(),
  );
  revalidatePath(LIST);
  const p = new URLSearchParams({ monat: month });
  for (const invoice of marked) p.append('rechnung', invoice.invoice);
  if (marked.length) p.set('vermieter', String(beherberger));
  else p.set('nichts', String(beherberger));
  redirect(`${LIST}?${p}`);
}
