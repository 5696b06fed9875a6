// One object's booking calendars: its feeds (shortened link, last sync, last error in words, sync
// now, remove), the form to add one, and the coming stays its calendars gave. Props only; the
// actions come from the page. Plain forms: works without JavaScript.
import { CONTROL } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import type { CalendarStayView, FeedView } from '@/lib/portal/calendars/feeds';
import { PLATFORMS } from '@/lib/portal/calendars/platforms';
import type { ObjectView } from '@/lib/portal/config/view';
import { formatDate, formatDateTime } from '@/lib/portal/format';
import { fmt, type Lang } from '@/lib/portal/i18n';
import { errorInWords, type CalendarMessages } from '@/lib/portal/i18n/calendars';

type BoundAction = (feedId: string) => Promise<void>;

export function ObjectCalendars({
  object,
  feeds,
  stays,
  lang,
  c,
  addAction,
  syncAction,
  confirmAction,
  removeAction,
  syncMinutes,
}: {
  object: ObjectView;
  feeds: FeedView[];
  stays: CalendarStayView[];
  lang: Lang;
  c: CalendarMessages;
  addAction: (formData: FormData) => Promise<void>;
  syncAction: BoundAction;
  /** Accepts a suspect feed's drop (the missing bookings' stays are cancelled). */
  confirmAction: BoundAction;
  removeAction: BoundAction;
  syncMinutes: number;
}) {
  const id = `objekt-${object.id}`;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titel`}
      className="space-y-4 rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 id={`${id}-titel`} className="text-xl font-semibold">
        {object.alias}
        <span className="block text-sm font-normal text-slate-700">{object.address}</span>
      </h2>

      <div className="space-y-2">
        <h3 className="font-semibold">{c.feeds}</h3>
        {feeds.length ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {feeds.map((f) => (
              <li key={f.id} className="space-y-2 p-3" data-testid="calendar-feed">
                <p className="font-medium break-all">
                  {c.platforms[f.platform] ?? f.platform} · <span>{f.shortUrl}</span>
                </p>
                <p className="text-sm text-slate-800">
                  {f.lastSyncedAt
                    ? fmt(c.lastSync, { date: formatDateTime(f.lastSyncedAt, lang) })
                    : c.neverSynced}
                  {' · '}
                  {fmt(c.staysInFeed, { n: f.stays })}
                  {f.blockedAreStays ? ` · ${c.blockedAreStaysOn}` : ''}
                </p>
                {f.suspect ? (
                  <div data-testid="calendar-suspect">
                    <Notice tone="warning" title={c.suspectTitle} live={false}>
                      <p>
                        {fmt(c.suspectText, {
                          date: formatDateTime(f.suspect.since, lang),
                          before: f.suspect.before,
                          after: f.suspect.after,
                        })}
                      </p>
                      <p className="mt-1">{fmt(c.suspectNext, { minutes: syncMinutes })}</p>
                      <form action={confirmAction.bind(null, f.id)} className="mt-2">
                        <SubmitButton variant="danger" pendingLabel={c.pending}>
                          {c.suspectConfirm}
                          <span className="sr-only"> ({f.shortUrl})</span>
                        </SubmitButton>
                      </form>
                    </Notice>
                  </div>
                ) : null}
                {f.lastError ? (
                  <Notice tone="warning" live={false}>
                    {fmt(c.lastError, { reason: errorInWords(c, f.lastError) })}
                  </Notice>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <form action={syncAction.bind(null, f.id)}>
                    <SubmitButton variant="secondary" pendingLabel={c.pending}>
                      {c.syncNow}
                      <span className="sr-only"> ({f.shortUrl})</span>
                    </SubmitButton>
                  </form>
                  <form action={removeAction.bind(null, f.id)}>
                    <SubmitButton variant="danger" pendingLabel={c.remove}>
                      {c.remove}
                      <span className="sr-only"> ({f.shortUrl})</span>
                    </SubmitButton>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-800">{c.noFeeds}</p>
        )}
      </div>

      <form
        action={addAction}
        aria-labelledby={`${id}-neu`}
        className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2"
      >
        <h3 id={`${id}-neu`} className="font-semibold sm:col-span-2">
          {fmt(c.addTitle, { object: object.alias })}
        </h3>
        <input type="hidden" name="objektId" value={object.id} />
        <div>
          <label htmlFor={`${id}-platform`} className="text-sm font-medium">
            {c.platform}
          </label>
          <select id={`${id}-platform`} name="platform" required className={CONTROL}>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {c.platforms[p]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-url`} className="text-sm font-medium">
            {c.url}
          </label>
          <input
            id={`${id}-url`}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={2000}
            className={CONTROL}
          />
        </div>
        <div className="flex gap-3 sm:col-span-2">
          <input
            id={`${id}-blocked`}
            name="blockedAreStays"
            type="checkbox"
            aria-describedby={`${id}-blocked-hint`}
            className="mt-1 size-5 shrink-0"
          />
          <div>
            <label htmlFor={`${id}-blocked`} className="text-sm font-medium">
              {c.blockedAreStays}
            </label>
            <p id={`${id}-blocked-hint`} className="text-xs text-slate-700">
              {c.blockedAreStaysHint}
            </p>
          </div>
        </div>
        <div className="sm:col-span-2">
          <SubmitButton pendingLabel={c.pending}>{c.add}</SubmitButton>
        </div>
      </form>

      <div className="space-y-2">
        <h3 className="font-semibold">{c.coming}</h3>
        {stays.length ? (
          <ul className="space-y-1" data-testid="calendar-stays">
            {stays.map((s) => (
              <li key={s.id} className="text-sm">
                <span className="font-medium">
                  {fmt(c.stayLine, {
                    from: formatDate(s.arrivalDate, lang),
                    to: formatDate(s.departureDate, lang),
                  })}
                </span>{' '}
                · {s.summary} · {c.state[s.state] ?? s.state}
                {s.goneFromCalendarAt ? (
                  <span className="block text-amber-900">
                    {s.state === 'booked' ? c.goneFromCalendar : c.goneCheckedIn}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-800">{c.noComing}</p>
        )}
      </div>
    </section>
  );
}
