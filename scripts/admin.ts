// `npm run admin -- <command> …`: a municipality provisions its configuration, landlords, objects
// and accounts. Passwords are prompted (hidden) or read from stdin, never taken from argv.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDbHandle } from '../lib/db';
import { beherberger, gemeinden, objekte, staffAccounts, users } from '../lib/db/schema';
import {
  BeherbergerInput,
  GemeindeConfigFile,
  ObjektInput,
  UserInput,
  loadGemeindeConfig,
  setPassword,
} from '../lib/service/provisioning';
import { CLI_ACTOR } from '../lib/office/audit/audit';
import {
  addBeherberger,
  addObjekt,
  addUser,
  changeUserActive,
} from '../lib/office/landlords/landlords';
import { InvitationError, invite } from '../lib/office/invitations/invitations';
import { sendDueOfficeMail } from '../lib/office/mail/sender';
import { smtpTransport } from '../lib/smtp';
import { ConfigRefused, RateInput, setRate } from '../lib/office/configuration/changes';
import { StaffInput, StaffInputError, createStaff } from '../lib/office/staff/staff';
import { resetSecondFactor } from '../lib/office/staff/admin';
import { BillingMonth, markBilled } from '../lib/office/billing/billing';
import { billingCsv } from '../lib/office/billing/export';
import { officeGemeinden } from '../lib/office/figures/figures';
import { formatPath } from '../lib/wire/errors';
import { berlinToday } from '../lib/wire/time';

const USAGE = `Usage: npm run admin -- <command> [options]

  load-config <file.json>                 load a municipality (tariffs, zones, seasons, rates, fields)
  set-rate --gemeinde N --tarif N --zone N [--season N] --valid_from YYYY-MM-DD --cents N
           a rate per night and person from a date on (tomorrow at the earliest; without
           --season: nights in no season); the same checks as the office's settings page
  create-beherberger --gemeinde N --alias TEXT [--firma --vorname --nachname --strasse --plz --ort
                     --telefon --email --vermieter_nr --debitor_nr …]
  create-objekt --beherberger N --tarifzone N --alias TEXT --anzahl_betten N [--ortsteil N --strasse
                --plz --ort --unterkunftsart]
  create-user --username NAME [--email --first_name --last_name --alias --beherberger 1,2
              --permissions a,b]   (password prompted, or read from stdin)
  set-password --username NAME     (password prompted, or read from stdin; revokes the account's tokens)
  deactivate-user --username NAME  the account can no longer sign in; its tokens are revoked
  activate-user --username NAME    the account can sign in again (old tokens stay revoked)
  create-staff --username NAME [--display_name TEXT --email ADDR --permissions a,b --gemeinde N]
               a staff account of the office (/verwaltung); password prompted, or read from stdin;
               with --gemeinde it sees and changes only that municipality (without: all of them);
               permissions: office.view_figures, office.manage_landlords, office.configure,
               office.view_audit, office.manage_staff, office.inspect, office.bill (default: all); the second
               factor is set up at the first sign-in
  reset-second-factor --username NAME
                                   a staff account sets up its second factor again at the next
                                   sign-in (its sessions end); e.g. after SESSION_SECRET changed
  invite --username NAME [--staff yes] [--lang de|en]
                                   mail a set-password link (7 days, once) to the account's e-mail;
                                   a newer link replaces older ones. Sent now when SMTP_URL is set,
                                   else by the server's mail job
  billing-csv --month YYYY-MM [--gemeinde N]   the month's forms ready for billing as CSV (stdout)
  mark-billed --beherberger N --month YYYY-MM  give the landlord's month an invoice (decision 031)
  list                             municipalities, landlords, objects and accounts`;

const NUMERIC = new Set([
  'gemeinde',
  'beherberger',
  'tarifzone',
  'ortsteil',
  'anzahl_betten',
  'tarif',
  'zone',
  'season',
  'cents',
]);
const LISTS = new Set(['permissions']);
/** Options that name several landlords in create-user. */
const NUMERIC_LISTS = new Set(['beherberger']);

class UsageError extends Error {}

const UsernameFlag = z.object({ username: z.string().min(1) });
const InviteFlags = z.strictObject({
  username: z.string().min(1),
  staff: z.enum(['yes', 'no']).default('no'),
  lang: z.enum(['de', 'en']).default('de'),
});

const BillingFlags = z.object({
  month: BillingMonth,
  gemeinde: z.number().int().positive().optional(),
  beherberger: z.number().int().positive().optional(),
});

/** `--key value` pairs to an input object; numbers and lists converted for the schema to check. */
function flags(args: string[], lists: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i];
    const value = args[i + 1];
    if (!key?.startsWith('--') || value === undefined)
      throw new UsageError(`expected --name value, got "${key ?? ''}"`);
    const name = key.slice(2);
    if (lists.has(name)) out[name] = value.split(',').map(Number);
    else if (NUMERIC.has(name)) out[name] = Number(value);
    else if (LISTS.has(name)) out[name] = value.split(',').filter(Boolean);
    else out[name] = value;
  }
  return out;
}

function check<S extends z.ZodType>(schema: S, value: unknown, what: string): z.input<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return value as z.input<S>;
  const lines = parsed.error.issues.map(
    (i) => `  ${formatPath(i.path) || '(top level)'}: ${i.message}`,
  );
  throw new UsageError(`${what} is invalid:\n${lines.join('\n')}`);
}

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split('\n')[0]!.trimEnd();
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(q);
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
      rl.question('', (answer) => {
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = write;
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask(prompt);
  const second = await ask('Repeat: ');
  rl.close();
  if (first !== second) throw new UsageError('the passwords differ');
  return first;
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.info(USAGE);
    return;
  }
  const handle = await getDbHandle();
  const db = handle.db;
  try {
    switch (command) {
      case 'load-config': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true });
        const file = positionals[0];
        if (!file) throw new UsageError('load-config needs a file');
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(file, 'utf8'));
        } catch (err) {
          throw new UsageError(`${file} is not readable JSON: ${(err as Error).message}`);
        }
        const loaded = await loadGemeindeConfig(db, check(GemeindeConfigFile, json, file));
        console.info(
          `municipality ${loaded.id} loaded; tariff zones: ${JSON.stringify(loaded.zones)}`,
        );
        break;
      }
      case 'set-rate': {
        const f = flags(rest);
        const input = check(
          RateInput,
          {
            tarif: f.tarif,
            zone: f.zone,
            season: f.season ?? null,
            valid_from: f.valid_from ?? null,
            cents: f.cents,
          },
          'rate',
        );
        try {
          const id = await setRate(db, Number(f.gemeinde), input, CLI_ACTOR);
          console.info(`rate ${id} set; booked forms keep their Kurtaxe`);
        } catch (err) {
          if (err instanceof ConfigRefused) {
            throw new UsageError(`refused (${err.code}): ${JSON.stringify(err.params)}`);
          }
          throw err;
        }
        break;
      }
      case 'create-beherberger':
        console.info(
          `landlord ${await addBeherberger(db, check(BeherbergerInput, flags(rest), 'landlord'), CLI_ACTOR)} created`,
        );
        break;
      case 'create-objekt':
        console.info(
          `object ${await addObjekt(db, check(ObjektInput, flags(rest), 'object'), CLI_ACTOR)} created`,
        );
        break;
      case 'create-user': {
        const input = check(UserInput, flags(rest, NUMERIC_LISTS), 'account');
        const password = await readPassword(`Password for ${input.username}: `);
        console.info(`account ${await addUser(db, input, password, CLI_ACTOR)} created`);
        break;
      }
      case 'create-staff': {
        const input = check(StaffInput, flags(rest), 'staff account');
        const password = await readPassword(`Password for ${input.username}: `);
        const id = await createStaff(db, input, password, CLI_ACTOR);
        console.info(
          `staff account ${id} created; it sets up its second factor at the first sign-in at /verwaltung/anmelden`,
        );
        break;
      }
      case 'set-password': {
        const { username } = check(UsernameFlag, flags(rest), command);
        const ok = await setPassword(
          db,
          username,
          await readPassword(`New password for ${username}: `),
        );
        if (!ok) throw new UsageError(`no account ${username}`);
        console.info('password changed; tokens issued before are revoked');
        break;
      }
      case 'deactivate-user':
      case 'activate-user': {
        const { username } = check(UsernameFlag, flags(rest), command);
        const active = command === 'activate-user';
        if (!(await changeUserActive(db, username, active, CLI_ACTOR))) {
          throw new UsageError(`no account ${username}`);
        }
        console.info(
          active
            ? `account ${username} activated`
            : `account ${username} deactivated; its tokens are revoked`,
        );
        break;
      }
      case 'reset-second-factor': {
        const { username } = check(UsernameFlag, flags(rest), command);
        const [staff] = await db
          .select({ id: staffAccounts.id })
          .from(staffAccounts)
          .where(eq(sql`lower(${staffAccounts.username})`, username.toLowerCase()));
        if (!staff) throw new UsageError(`no staff account ${username}`);
        await resetSecondFactor(db, staff.id, CLI_ACTOR);
        console.info(`second factor of ${username} reset; it is set up again at the next sign-in`);
        break;
      }
      case 'invite': {
        const options = check(InviteFlags, flags(rest), command);
        const kind = options.staff === 'yes' ? 'staff' : 'user';
        const table = kind === 'staff' ? staffAccounts : users;
        const [account] = await db
          .select({ id: table.id })
          .from(table)
          .where(eq(sql`lower(${table.username})`, options.username.toLowerCase()));
        if (!account)
          throw new UsageError(`no ${kind === 'staff' ? 'staff ' : ''}account ${options.username}`);
        try {
          await invite(db, kind, account.id, CLI_ACTOR, options.lang);
        } catch (err) {
          if (err instanceof InvitationError) {
            throw new UsageError(
              err.reason === 'no_email'
                ? `account ${options.username} has no e-mail address`
                : `account ${options.username} is deactivated`,
            );
          }
          throw err;
        }
        const transport = smtpTransport();
        if (transport) {
          const sent = await sendDueOfficeMail(db, transport);
          console.info(
            `invitation queued; sent ${sent.sent}, retry later ${sent.retry}, failed ${sent.failed}`,
          );
        } else {
          console.info(
            'invitation queued; no SMTP_URL: the server sends it once a mail server is set',
          );
        }
        break;
      }
      case 'billing-csv':
      case 'mark-billed': {
        const f = check(BillingFlags, flags(rest), command);
        const ids = (await officeGemeinden(db, { gemeindeId: f.gemeinde ?? null })).map(
          (g) => g.id,
        );
        if (command === 'billing-csv') {
          const reader = billingCsv(db, ids, f.month, berlinToday()).getReader();
          for (let r = await reader.read(); !r.done; r = await reader.read()) {
            if (!process.stdout.write(r.value)) {
              await new Promise((resolve) => process.stdout.once('drain', resolve));
            }
          }
          break;
        }
        if (!f.beherberger) throw new UsageError('mark-billed needs --beherberger');
        const marked = await markBilled(db, CLI_ACTOR, ids, f.beherberger, f.month, berlinToday());
        for (const i of marked) {
          console.info(
            `invoice ${i.invoice} of gemeinde ${i.gemeindeId}: ${i.forms} forms, ${(i.amountCents / 100).toFixed(2)} EUR`,
          );
        }
        if (!marked.length) console.info('nothing left to bill for this landlord in this month');
        break;
      }
      case 'list': {
        for (const g of await db.select().from(gemeinden).orderBy(asc(gemeinden.id)))
          console.info(`gemeinde ${g.id}: ${g.alias}`);
        for (const b of await db.select().from(beherberger).orderBy(asc(beherberger.id)))
          console.info(`beherberger ${b.id}: ${b.alias} (gemeinde ${b.gemeindeId})`);
        for (const o of await db.select().from(objekte).orderBy(asc(objekte.id)))
          console.info(
            `objekt ${o.id}: ${o.alias} (beherberger ${o.beherbergerId}, zone ${o.tarifzoneId})`,
          );
        for (const u of await db.select().from(users).orderBy(asc(users.id)))
          console.info(`user ${u.id}: ${u.username}`);
        break;
      }
      default:
        throw new UsageError(`unknown command ${command}\n\n${USAGE}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof StaffInputError) console.error(err.message);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
