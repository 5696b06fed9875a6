// The service's public face: one handler over the process-wide database.
import { serviceDb } from './bootstrap';
import { createServiceHandler } from './pipeline';

export { createServiceHandler, API_PREFIX } from './pipeline';
export { serviceDb } from './bootstrap';
export type { ServiceHandler } from './pipeline';

/** The handler mounted by server.ts and app/api/[...path]/route.ts. */
export const serviceHandler = createServiceHandler({ db: serviceDb });
