import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { ServiceProblem } from '@/components/shell/service-problem';
import { ConfirmPage } from '@/components/stay/confirm-page';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { loadForm } from '@/lib/portal/stays/load-form';
import { parseFormId } from '@/lib/portal/form-id';
import { getI18n } from '@/lib/portal/i18n/server';
import { isCardOutdated } from '@/lib/portal/stays/card-fingerprint';
import { storedCardInfo } from '@/lib/portal/stays/pdf-store';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { reprintCard } from '@/lib/portal/compose/stay-actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.detail.reprintTitle };
}

export default async function ReprintPage({ params }: { params: Promise<{ id: string }> }) {
  const formId = parseFormId((await params).id);
  if (!formId) notFound();
  const back = `/aufenthalte/${formId}`;
  const session = await verifySession(`${back}/nachdruck`);
  const { m } = await getI18n();
  const result = await guarded(back, async () =>
    loadForm(session, await loadConfig(session), formId),
  );
  if (!result.ok)
    return <ServiceProblem error={result.error} m={m} title={m.detail.reprintTitle} />;
  if (!result.value) notFound();
  if (result.value.form.state === 'cancelled') redirect(back);
  const stored = await storedCardInfo(ownerOf(session), formId);
  const outdated = !!stored && isCardOutdated(stored, result.value.form);
  return (
    <ConfirmPage
      title={m.detail.reprintTitle}
      text={outdated ? m.detail.reprintOutdatedText : m.detail.reprintText}
      confirmLabel={m.detail.reprintConfirm}
      cancelLabel={m.detail.keep}
      pendingLabel={m.form.pending}
      backHref={back}
      action={reprintCard.bind(null, String(formId))}
    />
  );
}
