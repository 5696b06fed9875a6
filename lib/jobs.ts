// Every periodic job of the app, in one list, started in one place: instrumentation.ts (under
// `npm start` and `next dev` alike; server.ts only stops them on SIGTERM). Each runs on
// `periodic` (lib/process-wide.ts): one timer per job and process, runs that never overlap, a
// failure logged and the next run as planned. The README's "Background jobs" table says what each
// does, how often and which tables it writes; tests/process-wide.test.ts holds the two together. This file is the one place that knows all three
// products (lib/service, lib/office, lib/portal), as server.ts does; nothing below imports it.
import { getDb, getDbHandle } from './db';
import { scrubDueTables } from './db/scrub';
import { env } from './env';
import { officeDb } from './office/db';
import { sendDueOfficeMail } from './office/mail/sender';
import { sendSoon } from './portal/mail/sender';
import { queueArrivalMails } from './portal/guest-card/morning-mail';
import { seedDemoCalendar } from './portal/calendars/demo-feed';
import { calendarRound } from './portal/calendars/scheduler';
import { purgeExpiredCheckins } from './portal/purge';
import { mailRound } from './portal/invitations/job';
import { checkOpenPayments, erasePayments } from './portal/payments/job';
import { sweepPortalRetention } from './portal/retention';
import { periodic, stopPeriodic, type Periodic } from './process-wide';
import { seedsDemo, serviceDb } from './service/bootstrap';
import { sweepRetention } from './service/meldescheine/retention';
import { runStateJobs, SWEEP_INTERVAL_MS } from './service/meldescheine/states';
import { demoCalendarObject } from './service/provisioning/demo';
import { smtpTransport } from './smtp';
import { RETENTION_INTERVAL_MS } from './wire/retention';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Job {
  name: string;
  /** The period in ms (read from the environment when the jobs start). */
  everyMs: () => number;
  /** Wait before the first run: so start-up is not crowded, and the demo calendar shows at once. */
  firstAfterMs: number;
  /** Whether the job runs in this process at all (the outboxes' senders need SMTP_URL). */
  enabled?: () => boolean;
  run: (signal: AbortSignal) => Promise<unknown>;
}

let demoCalendarPrepared = false;

/** The demo landlord's object gets the demo calendar (decision 015) in a demo database, once. */
async function prepareDemoCalendar(): Promise<void> {
  if (demoCalendarPrepared) return;
  // After the service's start-up: the demo data is loaded by then.
  const db = await serviceDb();
  if (seedsDemo((await getDbHandle()).driver)) {
    const target = await demoCalendarObject(db);
    if (target) await seedDemoCalendar(db, target);
  }
  demoCalendarPrepared = true;
}

export const JOBS: readonly Job[] = [
  {
    name: 'service-states',
    everyMs: () => SWEEP_INTERVAL_MS,
    firstAfterMs: 0,
    run: async () => runStateJobs(await serviceDb()),
  },
  {
    name: 'service-retention',
    everyMs: () => RETENTION_INTERVAL_MS,
    firstAfterMs: 0,
    run: async () => sweepRetention(await serviceDb()),
  },
  {
    name: 'storage-night-rewrite',
    everyMs: () => HOUR,
    firstAfterMs: MINUTE,
    run: async () => {
      const handle = await getDbHandle();
      if (!handle.session) return;
      const { rewritten, waiting } = await scrubDueTables(handle);
      if (rewritten.length || waiting.length) {
        console.info(
          `storage: rewritten ${rewritten.join(', ') || '-'}; still due ${waiting.join(', ') || '-'}`,
        );
      }
    },
  },
  {
    name: 'office-mail',
    everyMs: () => env().MAIL_INTERVAL_SECONDS * 1000,
    firstAfterMs: 5_000,
    enabled: () => smtpTransport() !== null,
    run: async () => {
      const transport = smtpTransport();
      if (transport) await sendDueOfficeMail(await officeDb(), transport);
    },
  },
  {
    name: 'portal-checkin-purge',
    everyMs: () => HOUR,
    firstAfterMs: MINUTE,
    run: async () => purgeExpiredCheckins(await getDb()),
  },
  {
    name: 'portal-retention',
    everyMs: () => RETENTION_INTERVAL_MS,
    firstAfterMs: MINUTE,
    run: async () => sweepPortalRetention(await getDb()),
  },
  {
    name: 'portal-calendars',
    everyMs: () => env().CALENDAR_TICK_SECONDS * 1000,
    firstAfterMs: 0,
    run: async (signal) => {
      await prepareDemoCalendar();
      await calendarRound(await getDb(), signal);
    },
  },
  {
    name: 'portal-mail',
    everyMs: () => env().MAIL_INTERVAL_SECONDS * 1000,
    firstAfterMs: 20_000,
    run: async () => mailRound(await getDb()),
  },
  {
    name: 'portal-payments',
    everyMs: () => env().PAYMENT_CHECK_MINUTES * MINUTE,
    firstAfterMs: 30_000,
    run: async () => {
      const db = await getDb();
      await checkOpenPayments(db);
      await erasePayments(db);
    },
  },
  {
    name: 'portal-arrival-mail',
    everyMs: () => 10 * MINUTE,
    firstAfterMs: 30_000,
    run: async () => {
      const db = await getDb();
      if (await queueArrivalMails(db)) await sendSoon(db);
    },
  },
];

/** Starts every job of the list that is enabled here, once per process. */
export function startJobs(jobs: readonly Job[] = JOBS): Periodic[] {
  return jobs
    .filter((job) => job.enabled?.() ?? true)
    .map((job) => periodic(job.name, job.everyMs(), job.run, { firstAfterMs: job.firstAfterMs }));
}

/** Stops every job and waits for the runs in flight (a calendar round finishes its claimed feeds). */
export const stopJobs = stopPeriodic;
