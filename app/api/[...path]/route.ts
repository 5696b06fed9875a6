// Mounts the service for `next dev`; in production server.ts serves /api/ before Next sees it.
import { serviceHandler } from '@/lib/service';

export const dynamic = 'force-dynamic';

function handle(request: Request): Promise<Response> {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return serviceHandler(request, { clientAddress: forwarded ?? 'unknown' });
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
