import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/portal/api/client';
import { HttpClient } from '@/lib/portal/api/http';
import { describeApiError, describeErrorCode, explainPrecheck } from '@/lib/portal/api/errors';
import { explainDetailCode, mapErrorDetails } from '@/lib/portal/guest-form/error-details';
import { servicePathToField, servicePaths } from '@/lib/portal/guest-form/wire';
import { messagesFor } from '@/lib/portal/i18n';
import { CONFIG, form } from './fixtures';

const de = messagesFor('de');
const BASE = 'https://meldeschein.example/api/';

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function envelope(code: string, message = 'x', details: { path: string; message: string }[] = []) {
  return {
    status: 'error',
    error: { code, message, details },
    meta: { requestId: 'r', timestamp: 't' },
  };
}

function client(...responses: (Response | Error)[]) {
  const calls: Request[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    const next = responses.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no response');
    return next;
  });
  return { api: new HttpClient(BASE, 'tok.en.value', fetchImpl as typeof fetch), calls };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('HttpClient requests', () => {
  it('sends User-Agent, Content-Type and `Authorization: JWT`, to a path with its slash', async () => {
    const { api, calls } = client(
      reply(200, { meta: { requestId: 'r', timestamp: 't' }, response: [form(5)] }),
    );
    const forms = await api.get({ gemeinde: 1, objekt: 7 }, [5]);
    expect(forms[0]?.id).toBe(5);
    const req = calls[0]!;
    expect(req.url).toBe(`${BASE}import/meldeschein/get/`);
    expect(req.method).toBe('POST');
    expect(req.headers.get('authorization')).toBe('JWT tok.en.value');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.headers.get('user-agent')).toMatch(/^Meldeportal\/\d+\.\d+\.\d+/);
    expect(await req.json()).toEqual({ meta: { gemeinde: 1, objekt: 7 }, meldescheine: [5] });
  });

  it('books with ms_type ems and reads the forms back', async () => {
    const { api, calls } = client(
      reply(200, {
        meta: { requestId: 'r', timestamp: 't' },
        status: 'success',
        meldescheine: [form(9)],
      }),
    );
    const [booked] = await api.book({ gemeinde: 1, objekt: 7 }, [{ personen: [] }]);
    expect(booked?.meldescheinnummer).toBe('2026-000009');
    expect(((await calls[0]!.json()) as { meldescheine: unknown[] }).meldescheine).toEqual([
      { ms_type: 'ems', personen: [] },
    ]);
  });

  it('tolerates values in fields whose type the spec leaves open', async () => {
    const { api } = client(
      reply(200, {
        meta: { requestId: 'r', timestamp: 't' },
        response: [{ ...form(5), Form_Id: 'F-1', source: 'api' }],
      }),
    );
    await expect(api.get({ gemeinde: 1, objekt: 7 }, [5])).resolves.toHaveLength(1);
  });

  it('decodes guest-card PDFs', async () => {
    const pdf = Buffer.from('%PDF-1.7 test');
    const { api } = client(
      reply(200, {
        meta: { requestId: 'r', timestamp: 't' },
        response: [{ id: 5, encoding: 'base64', pdf: pdf.toString('base64') }],
      }),
    );
    const [card] = await api.guestCards({ gemeinde: 1, objekt: 7 }, [5]);
    expect(Buffer.from(card!.pdf).toString()).toBe('%PDF-1.7 test');
  });
});

describe('HttpClient failures', () => {
  it.each([
    [401, 'token_expired', 'unauthenticated'],
    [403, 'permission_denied', 'forbidden'],
    [404, 'not_found', 'not_found'],
    [409, 'form_not_changeable', 'conflict'],
    [400, 'validation_error', 'invalid_request'],
    [500, 'internal_error', 'unavailable'],
  ] as const)('HTTP %i %s is a %s error', async (status, code, kind) => {
    const { api } = client(reply(status, envelope(code)));
    const err = await failure(api.currentUser());
    expect(err.kind).toBe(kind);
    expect(err.code).toBe(code);
  });

  it('keeps Retry-After of a rate limit', async () => {
    const { api } = client(reply(429, envelope('rate_limited'), { 'retry-after': '42' }));
    const err = await failure(api.token('demo', 'x'));
    expect(err).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 42 });
  });

  it('treats an unreachable service and a body without envelope as such', async () => {
    expect((await failure(client(new TypeError('fetch failed')).api.currentUser())).kind).toBe(
      'unavailable',
    );
    const err = await failure(client(reply(502, '<html>bad gateway</html>')).api.currentUser());
    expect(err).toMatchObject({ kind: 'unavailable', code: 'http_502' });
  });

  it('refuses a success body that does not match the wire schema', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const err = await failure(client(reply(200, { user: 'nope' })).api.currentUser());
    expect(err.kind).toBe('invalid_response');
    // The log names paths only, never the body (it may hold guests' personal data).
    expect(String(spy.mock.calls[0])).not.toContain('nope');
    spy.mockRestore();
  });

  it('never sends a request without a token where one is needed', async () => {
    const api = new HttpClient(BASE, null, vi.fn() as unknown as typeof fetch);
    expect((await failure(api.currentUser())).kind).toBe('unauthenticated');
  });
});

describe('error messages for landlords', () => {
  it('explains codes in German, whatever the service wrote', () => {
    const err = new ApiError(
      'conflict',
      409,
      'form_not_changeable',
      'Form 5 is departed and cannot be changed.',
    );
    expect(describeApiError(err, de)).toBe(
      'Der Meldeschein kann in seinem jetzigen Status nicht mehr geändert werden.',
    );
    expect(describeApiError(new ApiError('unavailable', 0, 'unreachable', ''), de)).toMatch(
      /nicht erreichbar/,
    );
    expect(describeErrorCode('not_printable', de)).toMatch(/storniert/);
    expect(describeErrorCode('whatever', de)).toBe(de.apiErrors.generic);
  });

  it('gives a code without words of its own an honest sentence naming the field by its label', () => {
    const detail = { path: 'meldescheine[0].personen[0].Gast_PLZ', message: 'anything' };
    expect(
      explainDetailCode({ ...detail, code: 'stay_too_long', params: { max_nights: 366 } }, de),
    ).toBe('Ein Aufenthalt darf höchstens 366 Nächte dauern.');
    expect(explainDetailCode({ ...detail, code: 'invalid_text' }, de)).toBe(
      de.form.validation.invalidText,
    );
    // The service's key is no word for a landlord: the label the municipality gives it, or none.
    expect(explainDetailCode({ ...detail, code: 'a_new_code' }, de)).toBe(
      'Das Meldeschein-System hat eine Angabe nicht angenommen.',
    );
    expect(explainDetailCode({ ...detail, code: 'a_new_code' }, de, 'PLZ')).toBe(
      'Das Meldeschein-System hat die Angabe „PLZ“ nicht angenommen.',
    );
    expect(
      explainDetailCode({ ...detail, code: 'a_new_code', params: { alias: 'Postleitzahl' } }, de),
    ).toBe('Das Meldeschein-System hat die Angabe „Postleitzahl“ nicht angenommen.');
  });

  it('puts details on the form fields the service names', () => {
    const details = [
      {
        path: 'meldescheine[0].personen[1].Gast_Vorname',
        code: 'required',
        message: 'required (Vorname)',
      },
      {
        path: 'meldescheine[0].personen[0].arrival_date',
        code: 'invalid_date',
        message: 'expected a real calendar date YYYY-MM-DD',
      },
      {
        path: 'meldescheine[0].personen[2].tarif_id',
        code: 'tariff_inactive',
        message: 'tariff 9 is not active',
      },
      { path: 'meta.objekt', code: 'not_yours', message: 'not yours' },
      {
        path: 'meldescheine[0].personen[0].Unknown',
        code: 'unknown_field',
        message: 'Unbekanntes Feld',
      },
    ];
    const mapped = mapErrorDetails(details, servicePaths(CONFIG), de);
    expect(mapped.fieldErrors).toEqual({
      'guests.1.fields.Gast_Vorname': 'Bitte ausfüllen.',
      'guests.0.arrival': 'Bitte ein gültiges Datum eingeben.',
      'guests.2.tarifId': 'Bitte einen Tarif auswählen.',
      objektId: expect.any(String),
    });
    expect(mapped.other).toEqual([
      'Gast 1: Das Formular enthält ein Feld, das Ihre Gemeinde nicht kennt.',
    ]);
  });

  it('names the guest and the field of a detail no form field takes, never its path', () => {
    const details = [
      { path: 'meldescheine[0].personen[1].Gast_Name.0', code: 'too_long', params: { max: 60 } },
      { path: 'meldescheine[0].personen[2].X', code: 'a_new_code' },
      {
        path: 'meldescheine[0].kz_manueller_betrag',
        code: 'invalid_type',
        params: { expected: 'number' },
      },
      { path: 'meldescheine[0].personen', code: 'too_many_items' },
      { path: '', code: 'a_new_code' },
    ].map((d) => ({ ...d, message: 'an English sentence with a path' }));
    const { other } = mapErrorDetails(details, servicePaths(CONFIG), de);
    expect(other).toEqual([
      'Gast 2, Name: Höchstens 60 Zeichen.',
      'Gast 3: Das Meldeschein-System hat eine Angabe nicht angenommen.',
      'Aufenthalt: Bitte eine Zahl eingeben.',
      'Aufenthalt: Zu viele Einträge in einer Anfrage.',
      'Aufenthalt: Das Meldeschein-System hat eine Angabe nicht angenommen.',
    ]);
    for (const text of other) expect(text).not.toMatch(/meldescheine|personen|\[\d+\]|english/i);
  });

  it('explains details by their code, not by their sentence', () => {
    const d = (code: string, params?: Record<string, unknown>) => ({
      path: 'meldescheine[0].personen[0].Gast_Name',
      code,
      message: 'an English sentence the portal does not parse',
      ...(params ? { params } : {}),
    });
    const fieldOf = () => 'guests.0.fields.Gast_Name';
    const explain = (detail: ReturnType<typeof d>) =>
      mapErrorDetails([detail], { field: fieldOf, place: () => ({}) }, de).fieldErrors[
        'guests.0.fields.Gast_Name'
      ];
    expect(explain(d('too_long', { max: 50, length: 51 }))).toBe('Höchstens 50 Zeichen.');
    expect(explain(d('required'))).toBe('Bitte ausfüllen.');
    expect(explain(d('invalid_country'))).toBe(de.form.validation.country);
  });

  it('maps update paths through the request-to-form index', () => {
    // Request personen [0] is form guest 2, [1] a deletion.
    expect(servicePathToField('meldescheine[0].personen[0].Gast_Name', CONFIG, [2, -1])).toBe(
      'guests.2.fields.Gast_Name',
    );
    expect(servicePathToField('meldescheine[0].personen[1].id', CONFIG, [2, -1])).toBeNull();
  });

  it('explains pre-check warnings by code and params, never by their sentence', () => {
    const beds = { code: 'beds_exceeded', path: 'personen' };
    expect(explainPrecheck({ ...beds, params: { persons: 5, beds: 4 } }, de)).toBe(
      '5 Personen, aber das Objekt hat nur 4 Betten.',
    );
    // Booked before warnings carried params: the figures are not guessed from the sentence.
    expect(explainPrecheck(beds, de)).toBe('Mehr Personen als Betten im Objekt.');
    expect(explainPrecheck({ code: 'no_season', path: 'personen[1]' }, de)).toMatch(/^Gast 2: /);
    expect(explainPrecheck({ code: 'new_code', path: '' }, de)).toBe(
      'Hinweis des Meldeschein-Systems (new_code).',
    );
  });
});
