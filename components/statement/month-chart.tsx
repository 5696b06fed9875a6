// Kurtaxe of the last 12 months as bars: server-rendered SVG, no client JavaScript. The figures are
// also in the table beside it, so the picture is decoration for screen readers beyond its summary.
import type { MonthFigures } from '@/lib/portal/statement/aggregate';

// Drawn at about phone width, so the axis text stays readable when a phone shows it 1:1.
const W = 420;
const H = 180;
const TOP = 12;
const BOTTOM = 24;
const SIDE = 4;

export function MonthChart({
  series,
  title,
  summary,
  monthLabel,
  amountLabel,
  current,
}: {
  series: MonthFigures[];
  title: string;
  summary: string;
  monthLabel: (month: string) => string;
  amountLabel: (cents: number) => string;
  current: string;
}) {
  const max = Math.max(1, ...series.map((s) => s.kurtaxeCents));
  const slot = (W - 2 * SIDE) / Math.max(1, series.length);
  const plot = H - TOP - BOTTOM;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full max-w-2xl"
      role="img"
      aria-labelledby="chart-title chart-desc"
      data-testid="statement-chart"
    >
      <title id="chart-title">{title}</title>
      <desc id="chart-desc">{summary}</desc>
      <line x1={SIDE} x2={W - SIDE} y1={H - BOTTOM} y2={H - BOTTOM} className="stroke-slate-500" />
      {series.map((s, i) => {
        const height = Math.round((s.kurtaxeCents / max) * plot);
        const x = SIDE + i * slot + slot * 0.15;
        const width = slot * 0.7;
        const mid = SIDE + i * slot + slot / 2;
        const isCurrent = s.month === current;
        return (
          <g key={s.month} data-month={s.month} data-cents={s.kurtaxeCents}>
            <rect
              x={x}
              y={H - BOTTOM - height}
              width={width}
              height={height}
              className={isCurrent ? 'fill-brand-700' : 'fill-brand-600/60'}
            >
              <title>{`${monthLabel(s.month)}: ${amountLabel(s.kurtaxeCents)}`}</title>
            </rect>
            <text
              x={mid}
              y={H - 8}
              textAnchor="middle"
              className={`fill-slate-800 text-[11px] ${isCurrent ? 'font-bold' : ''}`}
            >
              {monthLabel(s.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
