import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Analytics } from "../../../shared/schemas/analytics";

// The Analytics tab's daily chart, drawn by uPlot (a small, maintained canvas library for time series:
// ~20 kB gzip with its CSS). This module is imported lazily by the tab, so the library never joins the
// initial JavaScript (which has a size budget) or any other page. The figures are also in the table next to
// it, which is what keyboard and screen-reader users read; the canvas is described by its figure label.

const CHART_SERIES = [
  { key: "views", label: "Views", color: "#1d4ed8" },
  { key: "reveals", label: "Contact reveals", color: "#15803d" },
  { key: "saves", label: "Saves", color: "#b45309" },
  { key: "dealIntents", label: "Deal intents", color: "#7e22ce" },
] as const;

const HEIGHT = 260;

function chartData(analytics: Analytics): uPlot.AlignedData {
  const xs = analytics.daily.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  return [xs, ...CHART_SERIES.map((s) => analytics.daily.map((d) => d[s.key]))];
}

function chartOptions(width: number, days: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
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

  // One chart per range (its axes depend on it); new data for the same range is set in place below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt per range only, on purpose.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = new uPlot(
      chartOptions(element.clientWidth || 600, analytics.days),
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
  return (
    <figure className="space-y-3">
      <div
        ref={container}
        role="img"
        aria-label={`Daily chart, ${span}: ${totals.views} views, ${totals.reveals} contact reveals, ${totals.saves} saves and ${totals.dealIntents} deal intents in total. The table below has the figures per listing.`}
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
        </ul>
      </figcaption>
    </figure>
  );
}
