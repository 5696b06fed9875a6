// The stay page's arrival-day section (BMG §§ 29, 30): whether a registration form is needed, who
// signs, each signer's confirmation (route, time, payment reference), the ID check and the record.
// Forms post to server actions and work without JavaScript.
import { buttonClass } from '@/components/ui/button';
import { CONTROL } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  markSignedOnPaper,
  noteIdCheckAction,
  setRelationsAction,
} from '@/lib/portal/arrival/actions';
import type { ArrivalState, SignerState } from '@/lib/portal/arrival/record';
import { arrivalPhase } from '@/lib/portal/arrival/phase';
import { guestLabel } from '@/lib/portal/arrival/party';
import { formatDate, formatDateTime } from '@/lib/portal/format';
import { fmt, type Lang } from '@/lib/portal/i18n';
import type { ArrivalMessages } from '@/lib/portal/i18n/arrival';
import { GUEST_LANGUAGES, languageName } from '@/lib/portal/i18n/guest/languages';

export function ArrivalPanel({
  state,
  today,
  a,
  lang,
  pendingLabel,
  flash,
  error,
}: {
  state: ArrivalState;
  today: string;
  a: ArrivalMessages;
  lang: Lang;
  pendingLabel: string;
  flash?: string;
  error?: string;
}) {
  const id = String(state.formId);
  const base = `/aufenthalte/${id}`;
  const phase = arrivalPhase(state, today);
  const arrivalDay = state.arrivalDate === today;
  // The travellers with individual data: who travels with whom is said of them.
  const persons = state.party.guests.filter((g) => !g.group);
  const countryName = new Intl.DisplayNames(lang, { type: 'region' });
  const nationality = (code: string | null) => {
    if (!code) return a.nationalityUnknown;
    try {
      return countryName.of(code) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <section
      id="ankunft"
      aria-labelledby="ankunft-titel"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      data-testid="arrival-panel"
      data-phase={phase}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="ankunft-titel" className="text-xl font-semibold">
          {a.title}
        </h2>
        {state.required ? <PhaseBadge phase={phase} a={a} /> : null}
      </div>
      {flash ? <Notice tone="success">{flash}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {state.unknownNationality.length ? (
        <Notice tone="warning" live={false}>
          {fmt(a.unknownNationality, { n: state.unknownNationality.length })}
        </Notice>
      ) : null}
      {state.cancelled ? (
        <p>{a.cancelled}</p>
      ) : !state.required ? (
        <p data-testid="arrival-not-required">{a.notRequired}</p>
      ) : state.reason === 'no_signer' ? (
        <Notice tone="warning" live={false}>
          {a.noSigner}
        </Notice>
      ) : (
        <>
          <p className="text-sm text-slate-700">{a.lawNote}</p>
          {state.reason === 'travel_group' ? <p className="text-sm">{a.travelGroup}</p> : null}
          {!arrivalDay && !state.route ? (
            <p className="text-sm text-slate-700">
              {fmt(a.onlyOnArrivalDay, { date: formatDate(state.arrivalDate, lang) })}
            </p>
          ) : null}
          {!state.route && state.reason === 'foreign' && persons.length > 1 ? (
            <form
              action={setRelationsAction.bind(null, id)}
              className="space-y-2"
              data-testid="relations"
            >
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">{a.partyKind}</legend>
                <p className="text-sm text-slate-700">{a.partyKindHelp}</p>
                {persons.map((g) => (
                  <div key={g.id}>
                    <label htmlFor={`beziehung-${g.id}`} className="block text-sm font-medium">
                      {guestLabel(g)}
                    </label>
                    <select
                      id={`beziehung-${g.id}`}
                      name={`beziehung.${g.id}`}
                      defaultValue={
                        state.relations[g.id]
                          ? `${state.relations[g.id]!.as}:${state.relations[g.id]!.of}`
                          : ''
                      }
                      className={CONTROL}
                    >
                      <option value="">{a.relationNone}</option>
                      {persons
                        .filter((o) => o.id !== g.id)
                        .flatMap((o) => [
                          <option key={`p${o.id}`} value={`partner:${o.id}`}>
                            {fmt(a.relationPartner, { who: guestLabel(o) })}
                          </option>,
                          <option key={`c${o.id}`} value={`child:${o.id}`}>
                            {fmt(a.relationChild, { who: guestLabel(o) })}
                          </option>,
                        ])}
                    </select>
                  </div>
                ))}
              </fieldset>
              <SubmitButton variant="secondary" pendingLabel={pendingLabel}>
                {a.applyKind}
              </SubmitButton>
            </form>
          ) : null}
          <h3 className="text-lg font-semibold">{a.signers}</h3>
          <ul className="space-y-4">
            {state.signers.map((s) => (
              <SignerItem
                key={s.guestId}
                s={s}
                state={state}
                base={base}
                arrivalDay={arrivalDay}
                a={a}
                lang={lang}
                nationality={nationality}
                pendingLabel={pendingLabel}
              />
            ))}
          </ul>
          {state.signers.filter((x) => !x.route).length > 1 ? (
            <a href={`${base}/meldeschein`} className={buttonClass('secondary')}>
              {a.printAll}
            </a>
          ) : null}
          <PaperLanguage state={state} base={base} a={a} />
        </>
      )}
    </section>
  );
}

/**
 * The paper form in a language the landlord chooses (German beside it; decision 035): by default
 * each signer's own (nationality, else the party's choice), or one of the guest languages for one
 * signer or all. A plain GET form: no script, and the PDF opens as the print buttons' do.
 */
function PaperLanguage({
  state,
  base,
  a,
}: {
  state: ArrivalState;
  base: string;
  a: ArrivalMessages;
}) {
  const pid = `papier-sprache-${state.formId}`;
  return (
    <form
      method="get"
      action={`${base}/meldeschein`}
      className="space-y-2"
      data-testid="paper-language"
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{a.paperLanguage.title}</legend>
        <div>
          <label htmlFor={`${pid}-sprache`} className="block text-sm font-medium">
            {a.paperLanguage.language}
          </label>
          <select id={`${pid}-sprache`} name="sprache" defaultValue="" className={CONTROL}>
            <option value="">{a.paperLanguage.auto}</option>
            {GUEST_LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {l === 'de' ? a.paperLanguage.germanOnly : languageName(l)}
              </option>
            ))}
          </select>
        </div>
        {state.signers.length > 1 ? (
          <div>
            <label htmlFor={`${pid}-gast`} className="block text-sm font-medium">
              {a.paperLanguage.signer}
            </label>
            <select id={`${pid}-gast`} name="gast" defaultValue="" className={CONTROL}>
              <option value="">{a.paperLanguage.all}</option>
              {state.signers.map((s) => (
                <option key={s.guestId} value={s.guestId}>
                  {guestLabel(s.guest)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </fieldset>
      <button type="submit" className={buttonClass('secondary')}>
        {a.paperLanguage.print}
      </button>
    </form>
  );
}

function PhaseBadge({ phase, a }: { phase: ReturnType<typeof arrivalPhase>; a: ArrivalMessages }) {
  const tone =
    phase === 'complete' || phase === 'confirmed'
      ? 'bg-green-100 text-green-900 ring-green-700/40'
      : phase === 'overdue'
        ? 'bg-red-100 text-red-900 ring-red-700/40'
        : 'bg-amber-100 text-amber-950 ring-amber-700/40';
  if (phase === 'none') return null;
  return (
    <span className={`badge ${tone}`} data-testid="arrival-status">
      {a.status[phase]}
    </span>
  );
}

function SignerItem({
  s,
  state,
  base,
  arrivalDay,
  a,
  lang,
  nationality,
  pendingLabel,
}: {
  s: SignerState;
  state: ArrivalState;
  base: string;
  arrivalDay: boolean;
  a: ArrivalMessages;
  lang: Lang;
  nationality: (code: string | null) => string;
  pendingLabel: string;
}) {
  const id = String(state.formId);
  const gid = String(s.guestId);
  const name = guestLabel(s.guest);
  const counted = s.counted.map((c) => `${c.count} × ${nationality(c.nationality)}`).join(', ');
  const deviationId = `abweichung-${gid}`;
  return (
    <li className="space-y-2 border-t border-slate-200 pt-3" data-testid={`signer-${gid}`}>
      <p className="font-medium">
        {name} <span className="text-sm text-slate-700">({nationality(s.guest.nationality)})</span>
      </p>
      {counted ? <p className="text-sm">{fmt(a.counted, { list: counted })}</p> : null}
      {s.route && s.confirmedAt ? (
        <p data-testid="signer-route" data-route={s.route} className="font-medium text-green-900">
          {fmt(a.confirmedAt, {
            route: a.route[s.route],
            time: formatDateTime(s.confirmedAt, lang),
          })}
          {s.route === 'card' && s.paymentReference ? (
            <span className="block text-sm font-normal text-slate-800">
              {fmt(a.reference, { ref: s.paymentReference, provider: s.paymentProvider ?? '' })}
            </span>
          ) : null}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <a href={`${base}/meldeschein?gast=${gid}`} className={buttonClass('secondary')}>
            {a.printForm}
          </a>
          {arrivalDay ? (
            <form action={markSignedOnPaper.bind(null, id, gid)}>
              <SubmitButton pendingLabel={pendingLabel}>{a.markSigned}</SubmitButton>
            </form>
          ) : null}
        </div>
      )}
      {!s.route && arrivalDay ? <p className="text-sm text-slate-700">{a.markSignedHelp}</p> : null}
      {s.idCheck && s.idCheckAt ? (
        <p data-testid="signer-id-check" data-check={s.idCheck}>
          <span className="font-medium">{a.idCheck}: </span>
          {fmt(a.idNoted, {
            result:
              s.idCheck === 'deviation' && s.idCheckNote
                ? `${a.idResult.deviation}: ${s.idCheckNote}`
                : a.idResult[s.idCheck],
            time: formatDateTime(s.idCheckAt, lang),
          })}
        </p>
      ) : null}
      {arrivalDay ? (
        <form action={noteIdCheckAction.bind(null, id, gid)} className="space-y-2">
          <fieldset>
            <legend className="text-sm font-medium">
              {a.idCheck} – {name}
            </legend>
            {(['compared', 'deviation', 'no_id'] as const).map((c) => (
              <label key={c} className="mt-1 flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="ergebnis"
                  value={c}
                  required
                  defaultChecked={s.idCheck === c}
                  className="h-5 w-5"
                />
                <span>{a.idResult[c]}</span>
              </label>
            ))}
          </fieldset>
          <div>
            <label htmlFor={deviationId} className="text-sm font-medium">
              {a.deviationText}
            </label>
            <input
              id={deviationId}
              name="abweichung"
              maxLength={500}
              defaultValue={s.idCheck === 'deviation' ? (s.idCheckNote ?? '') : ''}
              className={CONTROL}
            />
          </div>
          <SubmitButton variant="secondary" pendingLabel={pendingLabel}>
            {a.noteId}
          </SubmitButton>
        </form>
      ) : null}
      <p className="text-sm">
        <span className="font-medium">{a.record}: </span>
        {s.hasXml ? (
          <a className="text-brand-700 underline" href={`${base}/datensatz?gast=${gid}`}>
            {a.recordDownload}
          </a>
        ) : (
          a.recordMissing
        )}
      </p>
    </li>
  );
}
