// Every request schema by its public name, served as JSON Schema at `schema/<name>/`
// (DECISIONS 2.11); the same JSON Schema guides XML conversion.
import { z } from 'zod';
import type { JsonSchema } from './xml';
import { AktualisierenRequest, BuchenRequest, FormIdsRequest } from './meldeschein';
import { CardCheckRequest } from './kurkarte';
import { ListRequest } from './meldeschein-list';
import { TokenRefreshRequest, TokenRequest } from './token';

export const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  token: TokenRequest,
  'token-refresh': TokenRefreshRequest,
  'meldeschein-buchen': BuchenRequest,
  'meldeschein-aktualisieren': AktualisierenRequest,
  'meldeschein-get': FormIdsRequest,
  'meldeschein-get-pdf': FormIdsRequest,
  'meldeschein-stornieren': FormIdsRequest,
  'meldeschein-list': ListRequest,
  'kurkarte-check': CardCheckRequest,
};

const cache = new WeakMap<z.ZodType, JsonSchema>();

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let out = cache.get(schema);
  if (!out) {
    out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    cache.set(schema, out);
  }
  return out;
}
