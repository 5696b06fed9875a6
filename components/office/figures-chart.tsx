// A bar chart drawn on the server as SVG (no chart library, no script): one horizontal bar per
// group, its value written beside it. The SVG is an image with a title and a description that
// name every bar shown; the table below it holds all the figures, so the chart adds nothing a
// screen reader would miss. Props only.
export interface ChartBar {
  label: string;
  value: number;
  /** The value as the page writes it. */
  text: string;
}

const ROW = 28;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 90;
const WIDTH = 640;

export function FiguresChart({
  id,
  title,
  bars,
  note,
}: {
  id: string;
  title: string;
  bars: ChartBar[];
  /** Said under the chart (e.g. that only the largest groups are drawn). */
  note?: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = bars.length * ROW + 8;
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const description = bars.map((b) => `${b.label}: ${b.text}`).join('; ');
  const cut = (s: string) => (s.length > 26 ? `${s.slice(0, 25)}…` : s);
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full max-w-3xl"
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {bars.map((b, i) => {
          const y = i * ROW + 4;
          const w = Math.max(1, Math.round((b.value / max) * barSpace));
          return (
            <g key={`${b.label}-${i}`}>
              <text
                x={LABEL_WIDTH - 8}
                y={y + 17}
                textAnchor="end"
                fontSize="13"
                fill="currentColor"
              >
                {cut(b.label)}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y + 4}
                width={w}
                height={ROW - 10}
                rx="2"
                className="fill-brand-700"
              />
              <text x={LABEL_WIDTH + w + 6} y={y + 17} fontSize="13" fill="currentColor">
                {b.text}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-slate-700">
        {title}
        {note ? ` · ${note}` : ''}
      </figcaption>
    </figure>
  );
}
