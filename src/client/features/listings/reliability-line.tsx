import { ShieldCheck } from "lucide-react";
import { formatBasedOn, NOT_ENOUGH_DATA } from "../../../shared/format";
import type { Reliability } from "../../../shared/schemas/reliability";
import { cn } from "../../lib/cn";
import { BAND_STYLES, scoreBand } from "../publishers";

// The buyer's reliability score on a directory card: the score coloured by the quality-score bands,
// or "Not enough data", and the sample it stands on. The explanation is on the listing's page
// (features/reliability/reliability.tsx); this line stays small, since every card of the browse page draws it.

/** One line on a directory card: "Reliability 87/100 · based on 5 reviewed deals". */
export function ReliabilityLine({ reliability }: { reliability: Reliability }) {
  const { score, basedOn } = reliability;
  return (
    // One line whatever the card's width: the "based on" part gives way (ellipsis) before the score does.
    // w-0 min-w-full: the line takes the card's width but never widens the card (the browse grid sizes
    // its columns by their content's min-content width, which a nowrap line would set).
    <p className="flex w-0 min-w-full items-center gap-1.5 whitespace-nowrap text-sm text-slate-700">
      <ShieldCheck className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      <span className="shrink-0 font-medium">Reliability</span>
      {score === null ? (
        <span className="shrink-0">{NOT_ENOUGH_DATA}</span>
      ) : (
        <span className="shrink-0">
          <span className={cn("font-semibold", BAND_STYLES[scoreBand(score)].text)}>{score}</span>
          <span className="sr-only"> out of 100</span>
          <span aria-hidden>/100</span>
        </span>
      )}
      {/* "based on 0 reviewed deals" beside "Not enough data" says nothing more, and crowds the card. */}
      {basedOn > 0 && <span className="min-w-0 truncate text-slate-600">· {formatBasedOn(basedOn)}</span>}
    </p>
  );
}
