import { redirect } from 'next/navigation';
import { HOME_PATH } from '@/lib/portal/session/paths';

// The portal starts at the overview; proxy.ts and the page send strangers to sign in.
export default function Home(): never {
  redirect(HOME_PATH);
}
