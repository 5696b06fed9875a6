import type { FormState } from '@/lib/wire/meldeschein';

// Colour is never the only signal: the badge always carries the state's name (WCAG 1.4.1).
const STATE_TONES: Record<FormState, string> = {
  draft: 'bg-amber-100 text-amber-950 ring-amber-700/40',
  printed: 'bg-brand-100 text-brand-800 ring-brand-700/40',
  departed: 'bg-slate-200 text-slate-800 ring-slate-600/40',
  cancelled: 'bg-red-100 text-red-900 ring-red-700/40',
};

export function StateBadge({ state, label }: { state: FormState; label: string }) {
  return (
    <span className={`badge ${STATE_TONES[state]}`} data-state={state}>
      {label}
    </span>
  );
}
