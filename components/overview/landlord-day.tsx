// The top of the overview: today's and this week's arrivals (planned or booked), what is waiting
// (unprinted guest cards, guests' check-ins), and this month's Kurtaxe. The page reads them
// (landlordDay).
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import type { ObjectView } from '@/lib/portal/config/view';
import { WEEK_DAYS, type Day } from '@/lib/portal/stays/day';
import { formatDate, formatEuro, formatMonth, formatNumber } from '@/lib/portal/format';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { monthOf, type Statement } from '@/lib/portal/statement/aggregate';
import { addDays } from '@/lib/wire/time';
import { StayCards } from './day';

export function LandlordDay({
  day,
  statement,
  checkins,
  objects,
  today,
  m,
  lang,
}: {
  day: Day;
  /** This month's statement. */
  statement: Statement;
  /** Guests' check-ins waiting for review. */
  checkins: number;
  objects: ObjectView[];
  today: string;
  m: Messages;
  lang: Lang;
}) {
  const o = m.overview;
  const month = monthOf(today);
  const names = new Map(objects.map((x) => [x.id, x.alias]));
  const cards = { objects: names, m, lang };
  return (
    <>
      <section aria-labelledby="heute" className="space-y-3">
        <h2 id="heute" className="text-xl font-semibold">
          {o.arrivalsToday}
          <span className="ml-2 text-base font-normal text-slate-800">
            {fmt(o.today, { date: formatDate(today, lang) })}
          </span>
        </h2>
        <StayCards rows={day.today} empty={o.noArrivalsToday} testId="arrivals-today" {...cards} />
      </section>

      <section aria-labelledby="woche" className="space-y-3">
        <h2 id="woche" className="text-xl font-semibold">
          {fmt(o.arrivalsWeek, { date: formatDate(addDays(today, WEEK_DAYS - 1), lang) })}
        </h2>
        <StayCards rows={day.week} empty={o.noArrivalsWeek} testId="arrivals-week" {...cards} />
      </section>

      <section aria-labelledby="offen" className="space-y-3">
        <h2 id="offen" className="text-xl font-semibold">
          {o.waiting}
        </h2>
        <h3 className="font-semibold">{o.cardsWaiting}</h3>
        <StayCards
          rows={day.cardsWaiting}
          empty={o.noCardsWaiting}
          testId="cards-waiting"
          {...cards}
        />
        {/* Guests' own check-ins (lib/portal/checkin), reviewed on /online-check-in. */}
        <p data-testid="checkins-waiting">
          {checkins ? (
            <PendingLink href="/online-check-in" className="font-semibold text-brand-700 underline">
              {fmt(checkinMessages(lang).admin.waitingCount, { n: checkins })}
            </PendingLink>
          ) : (
            o.noCheckinsWaiting
          )}
        </p>
      </section>

      <section
        aria-labelledby="monat"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white p-4"
      >
        <div>
          <h2 id="monat" className="text-lg font-semibold">
            {fmt(o.monthKurtaxe, { month: formatMonth(month, lang) })}
          </h2>
          <p className="text-2xl font-bold tabular-nums" data-testid="month-kurtaxe">
            {formatEuro(statement.kurtaxeCents, lang)}
          </p>
          <p className="text-sm text-slate-800">
            {fmt(o.monthFigures, {
              stays: formatNumber(statement.stays, lang),
              nights: formatNumber(statement.personNights, lang),
            })}
          </p>
        </div>
        <Link href={`/abrechnung?monat=${month}`} className={buttonClass('secondary')}>
          {o.toStatement}
        </Link>
      </section>
    </>
  );
}
