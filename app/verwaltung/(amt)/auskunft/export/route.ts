// The inspection export's download: everything is checked and done by the office's handler.
import { serviceDb } from '@/lib/service/office/db';
import { inspectionExport } from '@/lib/service/office/inspection-route';
import { readStaff } from '@/lib/service/office/session';

export const dynamic = 'force-dynamic';

export async function POST(req: Request): Promise<Response> {
  return inspectionExport(req, await readStaff(), await serviceDb());
}
