import { RELIABILITY } from "../../../shared/constants";
import { formatBasedOn, NOT_ENOUGH_DATA } from "../../../shared/format";
import type { ReliabilityDetail, ReliabilityFactors } from "../../../shared/schemas/reliability";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Disclosure } from "../../components/ui/disclosure";
import { cn } from "../../lib/cn";
import { BAND_STYLES, scoreBand } from "../publishers";

// The buyer reliability score on screen (docs/decisions/012-buyer-reliability-score.md): a
// card on the listing detail and in the buyer's workspace, and the formula in words under "How is this
// computed?" (the directory cards' one line is listings/reliability-line.tsx). Below
// RELIABILITY.minReviewedDeals reviewed deals the server sends no score and the screen says "Not enough
// data" instead of a number.

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The formula, in words, with this buyer's own figures when there are any. */
function Formula({ factors }: { factors: ReliabilityFactors | null }) {
  const { weights, halfLifeDays, answerWithinHours, minReviewedDeals } = RELIABILITY;
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        We compute it only from what happened on this platform over the last 12 months, never from what a
        buyer says about themselves. Three factors, each from 0 to 100%:
      </p>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          <span className="font-medium">Reviews ({percent(weights.rating)} of the score):</span> the star
          rating publishers gave after a deal the buyer accepted. 5 stars count 100%, 1 star 0%. Reviews an
          administrator hid do not count.
          {factors?.weightedRating != null && (
            <span className="block text-slate-900">
              This buyer: {factors.weightedRating.toFixed(1)} stars on average from{" "}
              {plural(factors.reviewedDeals, "reviewed deal")}.
            </span>
          )}
        </li>
        <li>
          <span className="font-medium">Answered in time ({percent(weights.responsiveness)}):</span> the share
          of deal requests the buyer accepted or declined within {answerWithinHours} hours. A request still
          waiting after {answerWithinHours} hours counts as not answered in time.
          {factors && factors.requestsDue > 0 && (
            <span className="block text-slate-900">
              This buyer: {factors.answeredInTime} of {plural(factors.requestsDue, "request")} answered in
              time.
            </span>
          )}
        </li>
        <li>
          <span className="font-medium">Disputes ({percent(weights.disputes)}):</span> disputes publishers
          opened against the buyer, per accepted deal. One an administrator upheld counts fully, one still
          open counts half, one an administrator rejected does not count.
          {factors && (factors.acceptedDeals > 0 || factors.disputesAgainst > 0) && (
            <span className="block text-slate-900">
              This buyer: {plural(factors.disputesAgainst, "dispute")} against them ({factors.disputesUpheld}{" "}
              upheld, {factors.disputesOpen} open) over {plural(factors.acceptedDeals, "accepted deal")}.
            </span>
          )}
        </li>
      </ol>
      <p>
        Newer outcomes weigh more: one {halfLifeDays} days old counts half as much as one from today, one{" "}
        {halfLifeDays * 2} days old a quarter. A factor without any data yet is left out and the others share
        its weight. The score is the weighted average, from 0 to 100. With fewer than {minReviewedDeals}{" "}
        reviewed deals we show "{NOT_ENOUGH_DATA}" instead of a number.
      </p>
    </div>
  );
}

/** "How is this computed?" with this buyer's own figures. */
function ReliabilityExplanation({ factors }: { factors: ReliabilityFactors | null }) {
  return (
    <Disclosure label="How is this computed?">
      <Formula factors={factors} />
    </Disclosure>
  );
}

/** The score as a card: on the listing detail (about its buyer) and in the buyer's own workspace. */
export function ReliabilityCard({
  reliability,
  title = "Buyer reliability",
}: {
  reliability: ReliabilityDetail;
  title?: string;
}) {
  const { score, basedOn } = reliability;
  const band = score === null ? null : BAND_STYLES[scoreBand(score)];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>From deals on this platform, the last 12 months</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="flex flex-wrap items-baseline gap-x-2" data-testid="reliability-score">
          {score === null || band === null ? (
            <span className="text-xl font-bold text-slate-800">{NOT_ENOUGH_DATA}</span>
          ) : (
            <>
              <span className={cn("text-3xl font-bold", band.text)}>{score}</span>
              <span className="text-sm text-slate-600">/ 100 · {band.label}</span>
            </>
          )}
        </p>
        <p className="text-sm text-slate-700">
          {formatBasedOn(basedOn).replace(/^b/, "B")}
          {score === null ? ` (a score needs ${RELIABILITY.minReviewedDeals})` : ""}.
        </p>
        <ReliabilityExplanation factors={reliability.factors} />
      </CardContent>
    </Card>
  );
}
