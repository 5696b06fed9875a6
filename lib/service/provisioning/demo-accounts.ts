// The demo accounts and their passwords, published in the README: the demo seed creates them, and
// sign-in lets such a password in only from this machine unless SEED_DEMO=1 (docs/decisions/012).
import { ownValue } from '../../lookup';

export const DEMO_ACCOUNTS = {
  demo: 'demo',
  demo2: 'demo2',
  multi: 'multi',
  tanne: 'tanne',
} as const;

/** Whether this is a demo account signing in with its published password. */
export function isPublishedDemoLogin(username: string, password: string): boolean {
  return ownValue<string>(DEMO_ACCOUNTS, username) === password;
}
