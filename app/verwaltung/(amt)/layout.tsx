// The signed-in office: header with the navigation a staff member's rights allow, then the page.
// Every page below verifies the staff member and its right itself (verifyStaff); this frame only
// shows the navigation.
import { OfficeHeader, type NavItem } from '@/components/office/frame';
import { officeI18n } from '@/lib/office/i18n';
import { verifyStaff } from '@/lib/office/sign-in/session';
import { signOut } from '@/lib/office/sign-in/actions';

export default async function OfficeLayout({ children }: { children: React.ReactNode }) {
  const staff = await verifyStaff('/verwaltung');
  const { m } = await officeI18n();
  const items: NavItem[] = [{ href: '/verwaltung', label: m.nav.home }];
  if (staff.permissions.has('office.manage_landlords'))
    items.push({ href: '/verwaltung/vermieter', label: m.nav.landlords });
  if (staff.permissions.has('office.view_figures')) {
    items.push({ href: '/verwaltung/zahlen', label: m.nav.figures });
    items.push({ href: '/verwaltung/abrechnung', label: m.nav.billing });
  }
  if (staff.permissions.has('office.manage_staff'))
    items.push({ href: '/verwaltung/mitarbeitende', label: m.nav.staff });
  if (staff.permissions.has('office.configure'))
    items.push({ href: '/verwaltung/einstellungen', label: m.nav.config });
  if (staff.permissions.has('office.inspect'))
    items.push({ href: '/verwaltung/auskunft', label: m.nav.inspection });
  if (staff.permissions.has('office.view_audit'))
    items.push({ href: '/verwaltung/protokoll', label: m.nav.audit });
  items.push({ href: '/verwaltung/kurkarte', label: m.nav.card });
  return (
    <>
      <OfficeHeader
        appName={m.appName}
        navLabel={m.nav.label}
        items={items}
        userName={staff.displayName}
        signOut={signOut}
        signOutLabel={m.nav.signOut}
        skipLabel={m.skip}
      />
      <main id="inhalt" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none">
        {children}
      </main>
    </>
  );
}
