// Mounts the AVS face for `next dev`; in production server.ts serves /avs/ before Next sees it.
import { avsHandler } from '@/lib/service/avs';

export const dynamic = 'force-dynamic';

function handle(request: Request): Promise<Response> {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return avsHandler
    .reply(request, { clientAddress: forwarded ?? 'unknown' })
    .then((reply) => reply.toResponse());
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
