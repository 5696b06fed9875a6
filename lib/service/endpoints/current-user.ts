import { toXml } from '../../wire/xml';
import { configurationJson, configurationOf, loadConfigurationParts } from '../configuration';
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
    const parts = await loadConfigurationParts(ctx.db, ctx.user!);
    const text = ctx.format === 'xml' ? toXml(configurationOf(parts)) : configurationJson(parts);
    return replyWithEtag(text, ctx.format, ctx.request.headers.get('if-none-match'));
  },
});
