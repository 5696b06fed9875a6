import { ping } from '../../db';
import { ServiceError } from '../../wire/errors';
import { zonelessDateTime } from '../../wire/time';
import { REQUEST_SCHEMAS, jsonSchemaOf } from '../../wire/requests';
import { route, type RequestContext } from '../context';
import { reply } from '../respond';

/** `GET health/` (extension): is the service up and its database reachable. */
export const health = route({
  method: 'GET',
  auth: false,
  async handle(ctx) {
    const database = await ping(ctx.db);
    const body = {
      status: database ? 'ok' : 'degraded',
      database,
      timestamp: zonelessDateTime(ctx.now),
    };
    return reply(body, ctx.format, database ? 200 : 503);
  },
});

/** `GET schema/<name>/` (extension): the JSON Schema of a request, always as JSON. */
export function schemaRoute(name: string) {
  return route({
    method: 'GET',
    auth: false,
    async handle(_ctx: RequestContext) {
      // Own keys only: `constructor` or `__proto__` must not find Object's members.
      const schema = Object.hasOwn(REQUEST_SCHEMAS, name) ? REQUEST_SCHEMAS[name] : undefined;
      if (!schema) {
        throw new ServiceError(
          'not_found',
          `No schema ${name}; known: ${Object.keys(REQUEST_SCHEMAS).join(', ')}.`,
        );
      }
      // A JSON Schema is JSON: its keys (`$schema`, `$ref`) are no XML names, so ?format=xml too
      // gets JSON here.
      return reply(jsonSchemaOf(schema), 'json');
    },
  });
}
