// The registration-form calls (spec 4.2-4.4, 4.7): each reads its request, calls one domain
// function and shapes the answer as the spec's tables say (DECISIONS 2.10).
import { detail, ServiceError } from '../../wire/errors';
import {
  AktualisierenRequest,
  BuchenRequest,
  FormIdsRequest,
  type AktualisierenResponse,
  type BookedForm,
  type BuchenResponse,
  type FormResponse,
  type GetResponse,
  type StornierenResponse,
} from '../../wire/meldeschein';
import type { RequestMeta, ResponseMeta } from '../../wire/meta';
import { route, type RequestContext } from '../context';
import { bookAndPrint } from '../kurkarte/issue';
import { bookForms } from '../meldescheine/book';
import { cancelForms } from '../meldescheine/cancel';
import { includesProtokoll, withProtokoll } from '../meldescheine/protokoll';
import { readForms } from '../meldescheine/read';
import { zoneless } from '../meldescheine/stamps';
import { updateForm } from '../meldescheine/update';
import { newRequestId, replyText, type Reply } from '../respond';

/** Spec 2.1: the request id sent (or a fresh one), the time, the caller and the municipality. */
export function responseMeta(
  ctx: RequestContext,
  meta: Pick<RequestMeta, 'requestId' | 'gemeinde'>,
): ResponseMeta {
  const user = ctx.user!;
  return {
    requestId: meta.requestId ?? newRequestId(),
    timestamp: zoneless(ctx.now),
    user: { id: user.id, username: user.username, alias: user.alias },
    gemeinde: meta.gemeinde,
  };
}

/** `POST import/meldeschein/buchen/` */
export const buchen = route({
  method: 'POST',
  auth: true,
  body: BuchenRequest,
  async handle(ctx, body): Promise<BuchenResponse | Reply> {
    const forms = body.params?.append_pdf
      ? await bookAndPrint(ctx.db, ctx.user!, body, ctx.now)
      : await bookForms(ctx.db, ctx.user!, body, ctx.now);
    const meta = responseMeta(ctx, body.meta);
    if (ctx.format === 'json') return replyText(bookedJson(meta, forms), 'json');
    return { meta, status: 'success', meldescheine: forms.map(bothShapes) };
  },
});

/**
 * The JSON text of `{meta, status: 'success', meldescheine: forms.map(bothShapes)}`, byte for byte,
 * with each form serialized once and its text used for both shapes: serializing the same form
 * twice was ~half of a booking answer's JSON time (docs/performance.md, issue 19).
 */
export function bookedJson(
  meta: ResponseMeta,
  forms: readonly (FormResponse & { pdf?: string })[],
): string {
  const booked = forms.map((withPdf) => {
    // Without a card, the form as it is: an object rest copies every key (a runtime call).
    const { pdf, form } =
      withPdf.pdf === undefined ? { pdf: undefined, form: withPdf } : split(withPdf);
    const text = JSON.stringify(form);
    const rest = `${pdf === undefined ? '' : `"pdf":${JSON.stringify(pdf)},`}"meldeschein":${text}}`;
    // `{…}` ends in `}`; the flat shape's keys go on after the form's own, as the spread puts them.
    return text === '{}' ? `{${rest}` : `${text.slice(0, -1)},${rest}`;
  });
  return `{"meta":${JSON.stringify(meta)},"status":"success","meldescheine":[${booked.join(',')}]}`;
}

function split({ pdf, ...form }: FormResponse & { pdf?: string }) {
  return { pdf, form };
}

/**
 * A booked form flat (spec 4.2) and the same form under `meldeschein`, with `pdf` beside it: the
 * vendor's `append_pdf` example and its clients read that shape (DECISIONS 2.10).
 */
function bothShapes(booked: FormResponse & { pdf?: string }): BookedForm {
  const { pdf, ...form } = booked;
  return pdf === undefined ? { ...form, meldeschein: form } : { ...form, pdf, meldeschein: form };
}

/** `POST import/meldeschein/aktualisieren/` */
export const aktualisieren = route({
  method: 'POST',
  auth: true,
  body: AktualisierenRequest,
  async handle(ctx, body): Promise<AktualisierenResponse> {
    if (body.params?.append_pdf) {
      throw new ServiceError('validation_error', 'params.append_pdf is not available on update.', [
        detail('params.append_pdf', 'not_available', 'not available on update'),
      ]);
    }
    const form = await updateForm(ctx.db, ctx.user!, body, ctx.now);
    return {
      meta: responseMeta(ctx, body.meta),
      status: 'success',
      response: { meldescheine: [form] },
    };
  },
});

/** `POST import/meldeschein/get/` */
export const get = route({
  method: 'POST',
  auth: true,
  body: FormIdsRequest,
  async handle(ctx, body): Promise<GetResponse> {
    const protokoll = includesProtokoll(ctx.url);
    const forms = await readForms(ctx.db, ctx.user!, body, ctx.now);
    const response = protokoll ? await withProtokoll(ctx.db, forms) : forms;
    return { meta: responseMeta(ctx, body.meta), response };
  },
});

/** `POST import/meldeschein/stornieren/` */
export const stornieren = route({
  method: 'POST',
  auth: true,
  body: FormIdsRequest,
  async handle(ctx, body): Promise<StornierenResponse> {
    const ids = await cancelForms(ctx.db, ctx.user!, body, ctx.now);
    return {
      meta: { ...responseMeta(ctx, body.meta), objekt: body.meta.objekt },
      status: 'success',
      meldescheine: ids,
    };
  },
});
