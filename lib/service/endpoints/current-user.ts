import { loadConfiguration } from '../configuration';
import { route } from '../context';

/** `GET users/get_current_user/` (spec 4.6): needs only a valid token. */
export const currentUser = route({
  method: 'GET',
  auth: true,
  async handle(ctx) {
    return loadConfiguration(ctx.db, ctx.user!);
  },
});
