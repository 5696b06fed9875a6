import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { officeI18n } from '@/lib/office/i18n';

// The office's "not found", inside its frame: an unknown page, an unknown id, and an id of another
// municipality's landlord or staff alike (the office never says that it exists elsewhere).
export default async function OfficeNotFound() {
  const { m } = await officeI18n();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.missing.title}</h1>
      <p>{m.missing.text}</p>
      <Link href="/verwaltung" className={buttonClass('secondary')}>
        {m.missing.back}
      </Link>
    </div>
  );
}
