// The AVS face's public handler over the process-wide database (mounted by server.ts and
// app/avs/[...path]/route.ts).
import { serviceDb } from '../bootstrap';
import { createAvsHandler } from './handler';

export { createAvsHandler, type AvsHandler } from './handler';
export { AVS_ENDPOINT, AVS_PREFIX } from './files';

export const avsHandler = createAvsHandler({ db: serviceDb });
