// `POST import/meldeschein/list/` (extension, DECISIONS 2.11): the caller's visible forms with
// filters and paging, in `get/`'s shape plus `paging`. The real municipal systems lack it.
import { ListRequest, type ListResponse } from '../../wire/meldeschein-list';
import { route } from '../context';
import { listForms } from '../meldescheine/list';
import { responseMeta } from './meldeschein';

export const list = route({
  method: 'POST',
  auth: true,
  body: ListRequest,
  async handle(ctx, body): Promise<ListResponse> {
    const { forms, paging } = await listForms(ctx.db, ctx.user!, body, ctx.now);
    return { meta: responseMeta(ctx, body.meta), response: forms, paging };
  },
});
