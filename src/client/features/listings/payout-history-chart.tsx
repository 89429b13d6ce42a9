import { formatDate } from "../../../shared/format";
import type { PayoutChange } from "../../../shared/schemas/listings";
import { formatPayout } from "./listing-format";

// A step line of the payout over time, drawn as plain SVG: a few points need no charting library, and
// the list beside it carries every figure for screen readers (the chart only names its range).

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 48, right: 8, top: 10, bottom: 22 };

/** The payout's steps, oldest first: the value before the first change, then after each change. */
function steps(history: readonly PayoutChange[], now: number) {
  const oldestFirst = [...history].reverse();
  const times = oldestFirst.map((c) => new Date(c.changedAt).getTime());
  const first = times[0] ?? now;
  // The payout before the first change is drawn over a tenth of the span (a day at least), since when it
  // was set is not part of the history.
  const lead = Math.max((now - first) / 10, 24 * 3600 * 1000);
  return {
    start: first - lead,
    end: now,
    points: [
      { at: first - lead, value: Number(oldestFirst[0]?.from ?? 0) },
      ...oldestFirst.map((c, i) => ({ at: times[i]!, value: Number(c.to) })),
    ],
  };
}

export default function PayoutHistoryChart({ history }: { history: PayoutChange[] }) {
  const now = Date.now();
  const { start, end, points } = steps(history, now);
  const values = points.map((p) => p.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // A flat line (a change and its reversal) still needs a range to draw in.
  const span = high - low || Math.max(high * 0.1, 1);
  const x = (at: number) => PAD.left + ((at - start) / (end - start || 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) =>
    PAD.top + (1 - (value - (high === low ? low - span / 2 : low)) / span) * (HEIGHT - PAD.top - PAD.bottom);
  let path = "";
  points.forEach((p, i) => {
    path += i === 0 ? `M${x(p.at)},${y(p.value)}` : `H${x(p.at)}V${y(p.value)}`;
  });
  path += `H${x(end)}`;
  const oldest = points[0]!;
  const latest = points[points.length - 1]!;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-full w-full"
      role="img"
      aria-label={`Payout chart: ${formatPayout(oldest.value.toFixed(2))} before the first change, ${formatPayout(latest.value.toFixed(2))} now; every change is listed below`}
    >
      <g className="fill-slate-600 text-[10px]">
        <text x={PAD.left - 6} y={y(high) + 3} textAnchor="end">
          {formatPayout(high.toFixed(2))}
        </text>
        {high !== low && (
          <text x={PAD.left - 6} y={y(low) + 3} textAnchor="end">
            {formatPayout(low.toFixed(2))}
          </text>
        )}
        <text x={PAD.left} y={HEIGHT - 6}>
          {formatDate(new Date(start))}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
          Today
        </text>
      </g>
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        className="stroke-slate-300"
      />
      <path d={path} fill="none" className="stroke-green-700" strokeWidth={2} />
      {points.slice(1).map((p) => (
        <circle key={p.at} cx={x(p.at)} cy={y(p.value)} r={3} className="fill-green-700" />
      ))}
    </svg>
  );
}
