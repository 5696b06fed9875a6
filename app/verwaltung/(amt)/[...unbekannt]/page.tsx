import { notFound } from 'next/navigation';
import { verifyStaff } from '@/lib/office/sign-in/session';

// Any other path under /verwaltung: the office's own "not found" (../not-found.tsx) for staff, the
// sign-in for everyone else (an unknown path says nothing about the office to a stranger).
export default async function UnknownOfficePage() {
  await verifyStaff('/verwaltung');
  notFound();
}
