import type { Route } from './context';
import { currentUser } from './endpoints/current-user';
import { health, schemaRoute } from './endpoints/health';
import { checkKurkarte, getPdf } from './endpoints/kurkarte';
import { aktualisieren, buchen, get, stornieren } from './endpoints/meldeschein';
import { list } from './endpoints/meldeschein-list';
import { createToken, refreshToken } from './endpoints/token';

type Methods = Partial<Record<'GET' | 'POST', Route>>;

/** Every path of the service, relative to `{base_url}`; all end with `/` (spec 1.1 rule 1). */
const ROUTES: Record<string, Methods> = {
  'token/': { POST: createToken },
  'token/refresh/': { POST: refreshToken },
  'users/get_current_user/': { GET: currentUser },
  'health/': { GET: health },
  'import/meldeschein/buchen/': { POST: buchen },
  'import/meldeschein/aktualisieren/': { POST: aktualisieren },
  'import/meldeschein/get/': { POST: get },
  // Extension (DECISIONS 2.11).
  'import/meldeschein/list/': { POST: list },
  'import/meldeschein/stornieren/': { POST: stornieren },
  'import/meldeschein/get-pdf/': { POST: getPdf },
  // Extension (docs/api.md): the public check behind the guest card's QR code.
  'kurkarte/check/': { POST: checkKurkarte },
};

const SCHEMA_PATH = /^schema\/([a-z0-9-]+)\/$/;

export function findRoute(path: string): Methods | undefined {
  // Own keys only: a path like `constructor/` must not find Object's members.
  const fixed = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (fixed) return fixed;
  const m = SCHEMA_PATH.exec(path);
  return m ? { GET: schemaRoute(m[1]!) } : undefined;
}
