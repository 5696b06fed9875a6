// The inspection export's download: everything is checked and done by the office's handler.
import { officeDb } from '@/lib/office/db';
import { inspectionExport } from '@/lib/office/inspection/route';
import { readStaff } from '@/lib/office/sign-in/session';

export const dynamic = 'force-dynamic';

export async function POST(req: Request): Promise<Response> {
  return inspectionExport(req, await readStaff(), await officeDb());
}
