import { signIn } from '../accounts/sign-in';
import { issueToken } from '../accounts/tokens';
import { loadAuthUser } from '../accounts/users';
import { route } from '../context';
import { TokenRefreshRequest, TokenRequest } from '../../wire/token';

/** `POST token/` (spec 4.1): credentials for a JWT. */
export const createToken = route({
  method: 'POST',
  auth: false,
  acceptsFormData: true,
  body: TokenRequest,
  async handle(ctx, body) {
    const token = await signIn(ctx.db, {
      login: body.username,
      password: body.password,
      address: ctx.clientAddress,
      now: ctx.now,
    });
    return { token };
  },
});

/** `POST token/refresh/` (extension): a valid token for a fresh one. */
export const refreshToken = route({
  method: 'POST',
  auth: true,
  body: TokenRefreshRequest,
  async handle(ctx) {
    // Past the auth cache: a token revoked a moment ago must not buy a fresh one.
    const user = await loadAuthUser(ctx.db, ctx.token!, { fresh: true });
    return { token: await issueToken(user) };
  },
});
