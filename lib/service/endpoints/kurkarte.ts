import type { GetPdfResponse } from '../../wire/kurkarte';
import { FormIdsRequest } from '../../wire/meldeschein';
import { route } from '../context';
import { printForms } from '../kurkarte/issue';
import { responseMeta } from './meldeschein';

/** `POST import/meldeschein/get-pdf/` (spec 4.5): every call is one logged print. */
export const getPdf = route({
  method: 'POST',
  auth: true,
  body: FormIdsRequest,
  async handle(ctx, body): Promise<GetPdfResponse> {
    const response = await printForms(ctx.db, ctx.user!, body, ctx.now);
    return { meta: responseMeta(ctx, body.meta), response };
  },
});
