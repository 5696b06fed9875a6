import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { ServiceProblem } from '@/components/shell/service-problem';
import { ConfirmPage } from '@/components/stay/confirm-page';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { loadForm } from '@/lib/portal/stays/load-form';
import { parseFormId } from '@/lib/portal/form-id';
import { fmt } from '@/lib/portal/i18n';
import { getI18n } from '@/lib/portal/i18n/server';
import { verifySession } from '@/lib/portal/session/session';
import { cancelStay } from '@/lib/portal/compose/stay-actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.detail.cancelTitle };
}

export default async function CancelPage({ params }: { params: Promise<{ id: string }> }) {
  const formId = parseFormId((await params).id);
  if (!formId) notFound();
  const back = `/aufenthalte/${formId}`;
  const session = await verifySession(`${back}/stornieren`);
  const { m } = await getI18n();
  const result = await guarded(back, async () =>
    loadForm(session, await loadConfig(session), formId),
  );
  if (!result.ok) return <ServiceProblem error={result.error} m={m} title={m.detail.cancelTitle} />;
  if (!result.value) notFound();
  if (result.value.form.state === 'cancelled') redirect(back);
  return (
    <ConfirmPage
      title={m.detail.cancelTitle}
      text={fmt(m.detail.cancelText, { nr: result.value.form.meldescheinnummer })}
      confirmLabel={m.detail.cancelConfirm}
      cancelLabel={m.detail.keep}
      pendingLabel={m.form.pending}
      backHref={back}
      action={cancelStay.bind(null, String(formId))}
      danger
    />
  );
}
