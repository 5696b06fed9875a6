// AVS's Meldeschein web service (SOAP 1.1, HTTP Basic; docs/avs.md): the portal's client
// (client.ts) for municipalities that run AVS, as decision 034 lists what it must provide. The
// configuration comes from the configuration lists, forms are booked, corrected and cancelled
// with bucheMeldeschein, read with holeMeldeschein, listed with holeMeldescheine and their guest
// cards printed with druckeMeldescheine. What AVS lacks of this app's extensions: no print log
// or guest history (`protokoll`), no wallet data (`karten`), no public card check.
import { randomUUID } from 'node:crypto';
import type { Konfigdatensatz, Meldeschein, OperationName } from '@/lib/wire/avs';
import type { CurrentUserResponse } from '@/lib/wire/config';
import type { CardCheckResponse } from '@/lib/wire/kurkarte';
import type { BookForm, UpdateForm, UpdateGuest } from '@/lib/wire/meldeschein';
import type { MetaUser } from '@/lib/wire/meta';
import type { ListFilter, ListPage } from '@/lib/wire/meldeschein-list';
import { zonelessDateTime } from '@/lib/wire/time';
import {
  ApiError,
  isApiError,
  type CallMeta,
  type ConfigurationAnswer,
  type GuestCardPdf,
  type MeldescheinClient,
  type PortalForm,
  type ServiceCredential,
} from '../client';
import { configFromLists, configTag } from './config';
import {
  CANCELLED,
  fieldsIn,
  formIdOf,
  guestIn,
  msOf,
  newBookingNumber,
  placeOf,
  portalFormOf,
  type GuestIn,
} from './forms';
import {
  accepted,
  acceptedLately,
  credentialRefusal,
  keepConfig,
  keptConfig,
  keyOf,
  readForms,
  refusalOf,
  refused,
  rememberRead,
} from './memory';
import { changedSinceRead, listedRows } from './listing';

export { forgetAvsConfigs } from './memory';
import {
  basicCredential,
  identifikation,
  loginOf,
  soapCall,
  type RefusalContext,
  type RequestOf,
  type ResponseOf,
  type SoapCallOptions,
} from './transport';

/**
 * Signing in: the user name and password are checked by the system with the cheapest call (the
 * salutations list); the Basic pair is what the session seals. It does not expire by itself: a
 * changed password refuses it at the next call.
 */
export async function signInWithBasic(
  url: string,
  username: string,
  password: string,
  browserAddress?: string,
  fetchImpl?: typeof fetch,
): Promise<ServiceCredential> {
  // Basic cannot carry a colon in the user name; such a name cannot be an account there.
  if (username.includes(':')) {
    throw new ApiError('invalid_request', 400, 'validation_error', 'user name with a colon');
  }
  const credential = basicCredential(username, password);
  await soapCall(
    url,
    credential,
    'getKonfigurationsListe',
    { identifikation: identifikation(username, 'CONFIG-L-ANREDE') },
    { ...(browserAddress ? { headers: { 'X-Forwarded-For': browserAddress } } : {}), fetchImpl },
  );
  // The system took the pair: it counts as good again (it may have been refused before, say
  // while the account was deactivated).
  accepted(keyOf(url, credential));
  return { credential, expiresAt: null };
}

/**
 * The configuration read from the lists is kept this long per system and credential: AVS has no
 * tag or version of its lists, so a change there (an object, a category, a field) shows on the
 * pages at most this much later; a form naming an object the kept configuration lacks reads the
 * lists at once. Within it a page costs one call (the credential's check), as the other protocol's
 * `304`; each reading of the lists is seven calls.
 */
const CONFIG_TTL_MS = 5 * 60_000;

/**
 * A page that finds the kept configuration unchanged does not ask the system about a credential
 * it took this recently (any call answered, counted per process): at most one check per credential
 * and process in this time, as the service's own signed-in accounts are kept 5 s behind the other
 * protocol's `304` (decision 032). A password changed at AVS ends the session's pages within this
 * time, not at the next page; a refusal is remembered as before (decision 038).
 */
export const CHECKED_MS = 5_000;

/** At most this many forms are read at once (holeMeldeschein takes one form per call). */
const PARALLEL = 8;

async function inBatches<T, R>(items: readonly T[], fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) {
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(fn))));
  }
  return out;
}

export class AvsClient implements MeldescheinClient {
  // Private so the credential cannot be serialized into a client component by accident.
  readonly #credential: string | null;
  readonly #key: string;
  /** The call whose answer tells whether the system takes the credential (see ACCEPTED_MS). */
  #first: Promise<unknown> | null = null;

  constructor(
    readonly url: string,
    credential: string | null,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.#credential = credential;
    this.#key = keyOf(url, credential);
  }

  private get credential(): string {
    if (!this.#credential) {
      throw new ApiError('unauthenticated', 401, 'not_authenticated', 'no credential');
    }
    return this.#credential;
  }

  private get login(): string {
    return loginOf(this.credential);
  }

  private get user(): MetaUser {
    return { id: 0, username: this.login, alias: this.login };
  }

  /**
   * One call. AVS signs in every call (HTTP Basic), and every call with a wrong password spends
   * one of the landlord's failed sign-ins there (a page reads five lists and eight forms at once).
   * So the calls of a credential the system has not accepted lately wait for the first one: when
   * the system refuses it (401, or 429 with its wait), the others fail the same way unsent, and the
   * refusal is remembered for the process's other requests of that credential (memory.ts).
   * Accepted lately (ACCEPTED_MS), calls go out at once: a password changed at the system within
   * that time can still cost the calls already on their way.
   */
  private async call<O extends OperationName>(
    operation: O,
    value: RequestOf<O>,
    o: Pick<SoapCallOptions, 'refusal' | 'sameTextSameValue'> = {},
  ): Promise<ResponseOf<O>> {
    const credential = this.credential;
    for (;;) {
      const no = refusalOf(this.#key);
      if (no) throw no;
      if (acceptedLately(this.#key)) break;
      if (!this.#first) break;
      // Whatever the first call's outcome, this one looks again: refused, accepted, or (a failure
      // that says nothing of the credential) it goes as the next first.
      await this.#first.catch(() => undefined);
    }
    const sent = soapCall(this.url, credential, operation, value, {
      ...o,
      fetchImpl: this.fetchImpl,
    });
    const first = !acceptedLately(this.#key);
    if (first) this.#first = sent;
    try {
      const answer = await sent;
      accepted(this.#key);
      return answer;
    } catch (err) {
      if (credentialRefusal(err)) refused(this.#key, err);
      // Any answer of the system but these shows it took the credential (a refusal of the form).
      else if (isApiError(err) && err.status === 200) accepted(this.#key);
      throw err;
    } finally {
      if (first && this.#first === sent) this.#first = null;
    }
  }

  private async configList(name: string, gemeinde: number | null): Promise<Konfigdatensatz[]> {
    const answer = await this.call(
      'getKonfigurationsListe',
      { identifikation: identifikation(this.login, `CONFIG-L-${name}`, gemeinde) },
      { sameTextSameValue: true },
    );
    return answer.konfigliste?.konfigdatensatz ?? [];
  }

  private readConfig(): Promise<CurrentUserResponse> {
    const config = configFromLists(this.login, (name, g) => this.configList(name, g));
    keepConfig(this.#key, config, configTag);
    return config;
  }

  /** The configuration for reading forms: kept a while (see CONFIG_TTL_MS). */
  private config(): Promise<CurrentUserResponse> {
    return keptConfig(this.#key, CONFIG_TTL_MS)?.config ?? this.readConfig();
  }

  currentUser(): Promise<CurrentUserResponse> {
    return this.readConfig();
  }

  /**
   * AVS has no tags: the lists are read and compared with the configuration of `etag`. Within
   * CONFIG_TTL_MS of reading the same lists, the configuration counts as unchanged (a change at
   * AVS shows on the pages at most that much later) and one call checks the credential (a page's
   * cost, as the other protocol's 304), unless the system took it within CHECKED_MS. `reread`
   * reads the lists now (the refresh button).
   */
  async currentUserIfChanged(
    etag: string | undefined,
    opts: { reread?: boolean } = {},
  ): Promise<ConfigurationAnswer> {
    const hit = opts.reread ? undefined : keptConfig(this.#key, CONFIG_TTL_MS);
    if (etag && hit?.tag === etag) {
      const no = refusalOf(this.#key);
      if (no) throw no;
      if (!this.#credential || !acceptedLately(this.#key, CHECKED_MS)) {
        await this.configList('ANREDE', null);
      }
      return { changed: false };
    }
    const value = await this.readConfig();
    const tag = configTag(value);
    return tag === etag ? { changed: false } : { changed: true, etag: tag, value };
  }

  private async portal(m: Meldeschein | undefined): Promise<PortalForm> {
    if (!m) throw new ApiError('invalid_response', 200, 'invalid_response', 'avs: no form');
    let config = await this.config();
    // An object added since the configuration was kept: read the lists once more.
    if (!config.beherberger.some((b) => b.objekte.some((o) => o.id === m.objektid))) {
      config = await this.readConfig();
    }
    return portalFormOf(m, config, this.user, zonelessDateTime(new Date()));
  }

  private async hole(gemeinde: number | null, id: number): Promise<Meldeschein> {
    const answer = await this.call('holeMeldeschein', {
      identifikation: identifikation(this.login, 'MS-HOLEN', gemeinde),
      anfragedaten: { meldescheinnummer: String(id) },
    });
    if (!answer.meldeschein) throw new ApiError('not_found', 404, 'not_found', 'avs: no form');
    return answer.meldeschein;
  }

  private async buche(gemeinde: number, ms: Meldeschein, refusal?: RefusalContext) {
    const answer = await this.call(
      'bucheMeldeschein',
      { identifikation: identifikation(this.login, 'BUCHEN', gemeinde), meldeschein: ms },
      refusal ? { refusal } : {},
    );
    return this.portal(answer.meldeschein);
  }

  /**
   * One bucheMeldeschein per form (AVS books one form per call), in the order given. The request
   * id is the booking number (AVS refuses a number twice for an object, 10104): a repeat is
   * `duplicate_request` with the forms the first request made.
   */
  async book(meta: CallMeta, forms: BookForm[]): Promise<PortalForm[]> {
    const config = await this.config();
    const { gemeinde } = placeOf(config, meta.objekt);
    const numbers = forms.map((_, i) =>
      meta.requestId
        ? `${meta.requestId}${forms.length > 1 ? `-${i + 1}` : ''}`.slice(0, 50)
        : newBookingNumber(randomUUID()),
    );
    const out: PortalForm[] = [];
    for (const [i, form] of forms.entries()) {
      const guests = form.personen.map((p) => guestIn(gemeinde, p));
      const { ms, order } = msOf(
        gemeinde,
        guests,
        { buchungsnummer: numbers[i]!, objektid: meta.objekt },
        i,
      );
      try {
        out.push(
          await this.buche(meta.gemeinde, ms, { formIndex: i, guestAt: (a) => order[a] ?? a }),
        );
      } catch (err) {
        if (!isApiError(err, 'conflict') || err.code !== 'duplicate_request' || !meta.requestId) {
          throw err;
        }
        throw new ApiError(
          'conflict',
          409,
          'duplicate_request',
          err.serviceMessage,
          [],
          undefined,
          await this.formsOfNumbers(meta, numbers),
        );
      }
    }
    return out;
  }

  /** The forms booked under these booking numbers for the object (a repeated request). */
  private async formsOfNumbers(meta: CallMeta, numbers: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const buchungsnummer of numbers) {
      try {
        const answer = await this.call('holeMeldeschein', {
          identifikation: identifikation(this.login, 'MS-HOLEN', meta.gemeinde),
          anfragedaten: { buchungsnummer, objektid: meta.objekt },
        });
        if (answer.meldeschein) ids.push(formIdOf(answer.meldeschein.meldescheinnummer));
      } catch (err) {
        if (!isApiError(err, 'not_found')) throw err;
      }
    }
    return ids;
  }

  /**
   * A correction is the whole form in AVS: the form is read, the portal's changes applied as
   * `aktualisieren/` applies them (guests by id changed, without id added, with `delete` removed,
   * others kept) and the result sent.
   */
  async update(meta: CallMeta, form: UpdateForm): Promise<PortalForm> {
    const before = await this.hole(meta.gemeinde, form.id);
    const current = await this.portal(before);
    const config = await this.config();
    const { gemeinde } = placeOf(config, before.objektid);
    const byId = new Map(current.personen.map((p) => [p.id, p]));
    const mentioned = new Set<number>();
    const merged: { guest: GuestIn; at: number }[] = [];
    form.personen.forEach((u: UpdateGuest, at) => {
      if (u.id !== undefined) mentioned.add(u.id);
      if (u.delete) return;
      const was = u.id === undefined ? undefined : byId.get(u.id);
      if (u.id !== undefined && !was) {
        throw new ApiError('invalid_request', 400, 'guest_not_in_form', 'avs: unknown guest', [
          {
            path: `meldescheine[0].personen[${at}].id`,
            code: 'guest_not_in_form',
            message: 'guest_not_in_form',
          },
        ]);
      }
      const main = current.personen[0]!;
      merged.push({
        at,
        guest: {
          ...(u.id !== undefined ? { id: u.id } : {}),
          tarif_id: u.tarif_id ?? was?.tarif_id ?? main.tarif_id,
          gast_type: u.gast_type ?? was?.gast_type ?? 'person',
          arrival_date: u.arrival_date ?? was?.arrival_date ?? main.arrival_date,
          departure_date: u.departure_date ?? was?.departure_date ?? main.departure_date,
          anzahl: u.anzahl ?? was?.anzahl ?? 1,
          fields: { ...(was ? fieldsIn(gemeinde, was) : {}), ...fieldsIn(gemeinde, u) },
        },
      });
    });
    for (const p of current.personen) {
      if (mentioned.has(p.id)) continue;
      merged.push({
        at: -1,
        guest: {
          id: p.id,
          tarif_id: p.tarif_id,
          gast_type: p.gast_type,
          arrival_date: p.arrival_date,
          departure_date: p.departure_date,
          anzahl: p.anzahl,
          fields: fieldsIn(gemeinde, p),
        },
      });
    }
    // The main traveller stays first (AVS has no way to name another one).
    const mainAt = merged.findIndex((m) => m.guest.id === form.id);
    if (mainAt < 0) {
      throw new ApiError('invalid_request', 400, 'validation_error', 'avs: main traveller', [
        {
          path: 'meldescheine[0].personen[0]',
          code: 'form_must_keep_a_guest',
          message: 'AVS: the main traveller cannot be removed; cancel the form instead',
        },
      ]);
    }
    const ordered = [merged[mainAt]!, ...merged.filter((_, i) => i !== mainAt)];
    const guests = ordered.map((m) => ({
      ...m.guest,
      id: m.guest.id === form.id ? undefined : m.guest.id,
    }));
    const { ms, order } = msOf(
      gemeinde,
      guests.map(({ id, ...g }) => (id === undefined ? g : { ...g, id })),
      {
        buchungsnummer: before.buchungsnummer,
        meldescheinnummer: before.meldescheinnummer,
        objektid: before.objektid,
        firmaid: before.firmaid,
      },
      0,
      before,
    );
    return this.buche(meta.gemeinde, ms, {
      formIndex: 0,
      guestAt: (a) => ordered[order[a] ?? a]?.at ?? a,
    });
  }

  /** holeMeldeschein per form; all or nothing (one unknown form: `not_found`). */
  async get(meta: CallMeta, ids: number[]): Promise<PortalForm[]> {
    const found = await inBatches(ids, (id) => this.hole(meta.gemeinde, id));
    return Promise.all(found.map((m) => this.portal(m)));
  }

  /**
   * holeMeldescheine (a municipality's newest 100 forms), filtered and paged here (listing.ts),
   * the forms of the page read in full with holeMeldeschein. `changed_since` cannot be asked of
   * AVS: with it, a page holds only the forms of its rows this process has not read in full for
   * this credential since their list entry changed (or READ_AGAIN_MS ago); paging and `total`
   * stay those of all the rows, so that a sync's next page is where it would be without it.
   */
  async list(
    gemeinde: number,
    filter: ListFilter,
    paging: { limit: number; offset: number },
  ): Promise<{ forms: PortalForm[]; paging: ListPage }> {
    const answer = await this.call('holeMeldescheine', {
      identifikation: identifikation(this.login, 'MS-HOLEN', gemeinde),
      anfragedaten: { 'ort-id': gemeinde },
    });
    const rows = listedRows(answer.meldescheine ?? [], filter);
    const page = rows.slice(paging.offset, paging.offset + paging.limit);
    const read = readForms(this.#key, gemeinde);
    const wanted = filter.changed_since ? page.filter((r) => changedSinceRead(r, read)) : page;
    const forms = await this.get(
      { gemeinde, objekt: 0 },
      wanted.map((r) => r.id),
    );
    rememberRead(this.#key, gemeinde, new Map(wanted.map((r) => [r.id, r.print])));
    const next = paging.offset + page.length;
    return {
      forms,
      paging: {
        limit: paging.limit,
        offset: paging.offset,
        total: rows.length,
        next_offset: next < rows.length ? next : null,
      },
    };
  }

  /** bucheMeldeschein with `abrechnungstatusid` 4, one form after the other. */
  async cancel(meta: CallMeta, ids: number[]): Promise<number[]> {
    for (const id of ids) {
      await this.call('bucheMeldeschein', {
        identifikation: identifikation(this.login, 'BUCHEN', meta.gemeinde),
        meldeschein: { meldescheinnummer: String(id), abrechnungstatusid: CANCELLED },
      });
    }
    return ids;
  }

  /** druckeMeldescheine per form (one PDF each); every call counts as a print there too. */
  async guestCards(meta: CallMeta, ids: number[]): Promise<GuestCardPdf[]> {
    const out: GuestCardPdf[] = [];
    for (const id of ids) {
      const answer = await this.call('druckeMeldescheine', {
        identifikation: identifikation(this.login, 'MS-DRUCKEN', meta.gemeinde),
        meldeschein: [{ meldescheinnummer: String(id) }],
      });
      const pdf = answer['ms-pdf'];
      if (!pdf) throw new ApiError('invalid_response', 200, 'invalid_response', 'avs: no PDF');
      out.push({ id, pdf: new Uint8Array(Buffer.from(pdf, 'base64')) });
    }
    return out;
  }

  /** AVS has no public check of a card's code. */
  checkCard(_card: string): Promise<CardCheckResponse> {
    return Promise.reject(new ApiError('not_found', 404, 'not_found', 'avs: no card check'));
  }
}
