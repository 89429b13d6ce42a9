import { Handshake } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatDate } from "../../../shared/format";
import { listingPagePath } from "../../../shared/routes";
import { type DealIntent, dealPublisherName } from "../../../shared/schemas/deal-intents";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { OpenDisputeButton } from "../disputes";
import { DealIntentStatusBadge } from "./deal-intent-status-badge";
import { useDealIntents } from "./use-deal-intents";

// What both dashboards' Deal Requests tabs share: a request named by who asks and for which listing
// (never by its id), the status badge (pending yellow, accepted green, rejected red), the created date.

type Named = Pick<DealIntent, "listingTitle" | "publisher">;

const listingPhrase = (intent: Named) =>
  intent.listingTitle ? `for “${intent.listingTitle}”` : "for a deleted listing";

/**
 * A request as a sentence may name it ("Accept the deal request from Pia Calls for “Solar Calls”?"):
 * the buyer reads who asks, the publisher which listing they asked about.
 */
export const dealRequestName = (intent: Named) =>
  intent.publisher
    ? `the deal request from ${dealPublisherName(intent.publisher)} ${listingPhrase(intent)}`
    : `the deal request ${listingPhrase(intent)}`;

/** One request's head line: who and which listing, badge, dates; `children` adds what each side needs. */
function DealIntentItem({ intent, children }: { intent: DealIntent; children?: ReactNode }) {
  const titleId = `deal-intent-${intent.id}`;
  return (
    <li aria-labelledby={titleId} className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="font-semibold">
            Deal request{intent.publisher ? ` from ${dealPublisherName(intent.publisher)}` : ""}{" "}
            {intent.listingId && intent.listingTitle ? (
              <>
                for “
                <Link
                  className="text-brand-700 underline underline-offset-2"
                  href={listingPagePath(intent.listingId)}
                >
                  {intent.listingTitle}
                </Link>
                ”
              </>
            ) : (
              listingPhrase(intent)
            )}
          </h2>
          <p className="text-xs text-slate-600">
            Created {formatDate(intent.createdAt)}
            {intent.decidedAt ? ` · Decided ${formatDate(intent.decidedAt)}` : ""}
          </p>
        </div>
        <div className="shrink-0">
          <DealIntentStatusBadge status={intent.status} />
        </div>
      </div>
      {children}
    </li>
  );
}

/** The empty state of a Deal Requests tab, with a way to browse. */
function NoDealIntents({ description }: { description: string }) {
  return (
    <Card className="space-y-3 p-10 text-center">
      <Handshake className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <h2 className="text-lg font-semibold">No Deal Requests Yet</h2>
      <p className="text-sm text-slate-600">{description}</p>
      <div>
        <Button asChild variant="secondary">
          <Link href="/browse">Browse Buyers</Link>
        </Button>
      </div>
    </Card>
  );
}

function DealIntentsSkeleton() {
  return (
    <div className="space-y-3">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** A quoted text someone typed (the publisher's message, the buyer's note). */
function Quote({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="whitespace-pre-line text-slate-800">{text}</p>
    </div>
  );
}

/**
 * A Deal Requests tab's list: the caller's requests of one direction, each with its head line, the message
 * and the note quoted, what the side adds (`details`), and on an accepted deal the way to dispute it.
 */
export function DealIntentList({
  direction,
  loadingLabel,
  listLabel,
  emptyDescription,
  messageLabel,
  noteLabel,
  details,
}: {
  direction: DealIntent["direction"];
  loadingLabel: string;
  listLabel: string;
  emptyDescription: string;
  messageLabel: string;
  noteLabel: string;
  details?: (intent: DealIntent) => ReactNode;
}) {
  const intents = useDealIntents();
  return (
    <QueryState query={intents} loadingLabel={loadingLabel} loading={<DealIntentsSkeleton />}>
      {(data) => {
        const shown = data.filter((i) => i.direction === direction);
        if (shown.length === 0) return <NoDealIntents description={emptyDescription} />;
        return (
          <Card>
            <ul aria-label={listLabel} className="divide-y divide-slate-200">
              {shown.map((intent) => (
                <DealIntentItem key={intent.id} intent={intent}>
                  <Quote label={messageLabel} text={intent.message} />
                  <Quote label={noteLabel} text={intent.decisionNote} />
                  {details?.(intent)}
                  {intent.status === "accepted" && (
                    <OpenDisputeButton dealIntentId={intent.id} dealName={dealRequestName(intent)} />
                  )}
                </DealIntentItem>
              ))}
            </ul>
          </Card>
        );
      }}
    </QueryState>
  );
}
