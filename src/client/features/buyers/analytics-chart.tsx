import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Analytics } from "../../../shared/schemas/analytics";
import { boostedDayBands } from "./analytics-lift-format";

// The Analytics tab's daily chart, drawn by uPlot (a small, maintained canvas library for time series:
// ~20 kB gzip with its CSS). This module is imported lazily by the tab, so the library never joins the
// initial JavaScript (which has a size budget) or any other page. The figures are also in the table next to
// it, which is what keyboard and screen-reader users read; the canvas is described by its figure label.
// Boosted days are shaded behind the lines; the label and the legend name them, and the "Boost lift"
// section below the chart has their figures.

const CHART_SERIES = [
  { key: "views", label: "Views", color: "#1d4ed8" },
  { key: "reveals", label: "Contact reveals", color: "#15803d" },
  { key: "saves", label: "Saves", color: "#b45309" },
  { key: "dealIntents", label: "Deal requests", color: "#7e22ce" },
] as const;

const HEIGHT = 260;

/** Amber, light enough that the series stay readable over it. */
const BOOSTED_FILL = "rgba(245, 158, 11, 0.16)";
const HALF_DAY_S = 12 * 3600;

type Bands = ReturnType<typeof boostedDayBands>;

/**
 * Shades each band's days behind the grid and the lines: a day's point sits at its midnight, so a band
 * spans half a day either side of its first and last points, cut at the plot's edges.
 */
function shadeBands(u: uPlot, bands: Bands) {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.fillStyle = BOOSTED_FILL;
  for (const band of bands) {
    const left = Math.max(bbox.left, u.valToPos(band.from - HALF_DAY_S, "x", true));
    const right = Math.min(bbox.left + bbox.width, u.valToPos(band.to + HALF_DAY_S, "x", true));
    if (right > left) ctx.fillRect(left, bbox.top, right - left, bbox.height);
  }
  ctx.restore();
}

function chartData(analytics: Analytics): uPlot.AlignedData {
  const xs = analytics.daily.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  return [xs, ...CHART_SERIES.map((s) => analytics.daily.map((d) => d[s.key]))];
}

function chartOptions(width: number, days: number, bands: () => Bands): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    hooks: { drawClear: [(u) => shadeBands(u, bands())] },
    // Days are UTC days (the server counts them so): show them as such whatever the browser's zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true },
      // Whole numbers from zero: these are counts.
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        stroke: "#475569",
        grid: { stroke: "#e2e8f0" },
        ticks: { stroke: "#cbd5e1" },
        space: days > 30 ? 80 : 60,
      },
      {
        stroke: "#475569",
        grid: { stroke: "#e2e8f0" },
        ticks: { stroke: "#cbd5e1" },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000],
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : "")),
      },
    ],
    series: [
      { label: "Day" },
      ...CHART_SERIES.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        points: { show: days <= 30, size: 5, fill: s.color },
      })),
    ],
  };
}

export default function AnalyticsChart({ analytics }: { analytics: Analytics }) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const bands = boostedDayBands(analytics);
  // The chart outlives a render (it is rebuilt per range only): its draw hook reads the latest bands.
  const bandsRef = useRef(bands);
  bandsRef.current = bands;

  // One chart per range (its axes depend on it); new data for the same range is set in place below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt per range only, on purpose.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = new uPlot(
      chartOptions(element.clientWidth || 600, analytics.days, () => bandsRef.current),
      chartData(analytics),
      element,
    );
    plot.current = chart;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [analytics.days]);

  useEffect(() => {
    plot.current?.setData(chartData(analytics));
  }, [analytics]);

  const span = `${analytics.from} to ${analytics.to}`;
  const { totals } = analytics;
  // UTC days, as the span above.
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const boosted = bands.length
    ? ` Shaded: days boosted, ${bands.map((b) => `${b.title} ${day(b.from)} to ${day(b.to)}`).join("; ")}.`
    : "";
  return (
    <figure className="space-y-3">
      <div
        ref={container}
        role="img"
        aria-label={`Daily chart, ${span}: ${totals.views} views, ${totals.reveals} contact reveals, ${totals.saves} saves and ${totals.dealIntents} deal requests in total.${boosted} The table below has the figures per listing.`}
        data-testid="analytics-chart"
        className="w-full overflow-hidden"
      />
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {CHART_SERIES.map((s) => (
            <li key={s.key} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden
                className="inline-block h-1 w-4 rounded"
                style={{ backgroundColor: s.color }}
              />
              {s.label}
            </li>
          ))}
          {bands.length > 0 && (
            <li className="inline-flex items-center gap-1.5">
              <span
                aria-hidden
                className="inline-block h-3 w-4 rounded-sm border border-amber-400"
                style={{ backgroundColor: BOOSTED_FILL }}
              />
              Boosted (any part of the day)
            </li>
          )}
        </ul>
      </figcaption>
    </figure>
  );
}
