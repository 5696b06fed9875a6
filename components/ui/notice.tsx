// Messages above content. `alert` interrupts (errors after an action); `status` waits its turn.
type Tone = 'info' | 'success' | 'warning' | 'error';

const TONES: Record<Tone, string> = {
  info: 'border-brand-600 bg-brand-50 text-slate-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
  error: 'border-red-700 bg-red-50 text-red-900',
};

export function Notice({
  tone = 'info',
  title,
  children,
  id,
  live = true,
}: {
  tone?: Tone;
  title?: string;
  children?: React.ReactNode;
  id?: string;
  live?: boolean;
}) {
  const role = !live ? undefined : tone === 'error' ? 'alert' : 'status';
  return (
    <div id={id} role={role} className={`rounded-md border-l-4 p-3 text-sm ${TONES[tone]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  );
}
