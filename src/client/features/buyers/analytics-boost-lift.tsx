import { useId } from "react";
import { BOOST_LIFT_BASELINE_DAYS, type BoostPeriod } from "../../../shared/schemas/analytics";
import {
  describeChange,
  describeCounts,
  describeWindow,
  formatLiftDays,
  formatPeriod,
  isRunning,
  readLift,
} from "./analytics-lift-format";

// The Analytics tab's "Boost lift": per boost period in the range, the rates while boosted against the
// days before, with the sample sizes beside them and plain words where the sample cannot carry a verdict.

const CHANGES = [
  { key: "views", label: "Views" },
  { key: "reveals", label: "Contact reveals" },
  { key: "dealIntents", label: "Deal requests" },
] as const;

function beforeLabel(period: BoostPeriod) {
  // Cut at the listing's creation: say so rather than calling it "14 days".
  return period.before.days < BOOST_LIFT_BASELINE_DAYS
    ? `${formatLiftDays(period.before.days)} before (since the listing was created or last boosted)`
    : `${BOOST_LIFT_BASELINE_DAYS} days before`;
}

function BoostPeriodLift({ period }: { period: BoostPeriod }) {
  const headingId = useId();
  const reading = readLift(period);
  const running = isRunning(period);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-2 rounded-md border border-slate-200 p-4 text-sm"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h4 id={headingId} className="font-semibold text-slate-900">
            {period.title}
          </h4>
          <p className="text-slate-600">
            Boosted {formatPeriod(period)}
            {running && <span className="ml-1 font-medium text-amber-800">(running)</span>}
          </p>
        </header>
        {reading.kind === "too-early" ? (
          <p>
            <strong className="font-semibold">Too early to tell:</strong> boosted for{" "}
            {formatLiftDays(period.during.days)} so far ({describeCounts(period.during)}).
          </p>
        ) : (
          <>
            <p>
              <strong className="font-semibold">While boosted{running ? " so far" : ""}:</strong>{" "}
              {describeWindow(period.during)}.
            </p>
            {reading.kind === "no-baseline" ? (
              <p>
                <strong className="font-semibold">Before:</strong> nothing to compare with: the listing had
                less than a day without a boost before this one started.
              </p>
            ) : (
              <>
                <p>
                  <strong className="font-semibold">{beforeLabel(period)}:</strong>{" "}
                  {describeWindow(period.before)}.
                </p>
                <div>
                  <p className="font-semibold">Change per day</p>
                  <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                    {CHANGES.map((c) => (
                      <li key={c.key}>
                        {c.label}:{" "}
                        {describeChange(period.change[c.key], period.during[c.key], period.before[c.key])}
                      </li>
                    ))}
                  </ul>
                </div>
                {reading.smallSample && (
                  <p className="text-slate-600">
                    Small sample: a few views more or fewer would change these rates a lot.
                  </p>
                )}
              </>
            )}
          </>
        )}
      </article>
    </li>
  );
}

export function BoostLift({ boosts, hasListings }: { boosts: BoostPeriod[]; hasListings: boolean }) {
  const headingId = useId();
  if (boosts.length === 0) {
    return hasListings ? (
      <p className="text-sm text-slate-600">
        Boost a listing and its lift shows here: views, reveals and deal requests per day while boosted
        against up to {BOOST_LIFT_BASELINE_DAYS} unboosted days before.
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="space-y-1">
        <h3 id={headingId} className="text-base font-semibold">
          Boost lift
        </h3>
        <p className="text-sm text-slate-600">
          Per day while a listing was boosted (shaded on the chart), against up to {BOOST_LIFT_BASELINE_DAYS}{" "}
          unboosted days before the boost began. A comparison over time, not proof that the boost caused the
          change: seasons, payouts and other listings move these figures too.
        </p>
      </div>
      <ul className="space-y-3">
        {boosts.map((period) => (
          <BoostPeriodLift key={`${period.listingId}-${period.startsAt}`} period={period} />
        ))}
      </ul>
    </section>
  );
}
