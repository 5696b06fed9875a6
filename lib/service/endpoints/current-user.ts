import { configurationAnswer } from '../configuration';
import { route } from '../context';
import { replyWithEtag } from '../respond';

/**
 * `GET users/get_current_user/` (spec 4.6): needs only a valid token. Answered with an `ETag`, and
 * `304` to a matching `If-None-Match` (extension, docs/api.md).
 */
export const currentUser = route({
  method: 'GET',
  auth: true,
  async handle(ctx) {
    const answer = await configurationAnswer(ctx.db, ctx.user!, ctx.format);
    return replyWithEtag(answer, ctx.format, ctx.request.headers.get('if-none-match'));
  },
});
