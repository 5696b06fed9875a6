import type { GetPdfResponse } from '../../wire/kurkarte';
import { FormIdsRequest } from '../../wire/meldeschein';
import { route } from '../context';
import { includes } from '../include';
import { printForms } from '../kurkarte/issue';
import { responseMeta } from './meldeschein';

/**
 * `POST import/meldeschein/get-pdf/` (spec 4.5): every call is one logged print. `?include=karten`
 * (extension) adds each card's data and signed id, for wallet passes.
 */
export const getPdf = route({
  method: 'POST',
  auth: true,
  body: FormIdsRequest,
  async handle(ctx, body): Promise<GetPdfResponse> {
    const withKarten = includes(ctx.url, 'karten');
    const response = await printForms(ctx.db, ctx.user!, body, ctx.now, withKarten);
    return { meta: responseMeta(ctx, body.meta), response };
  },
});
