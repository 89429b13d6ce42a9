import { Card } from "../../components/ui/card";
import { QueryState } from "../../components/ui/query-state";
import { OpenDisputeButton } from "../trust";
import {
  DealIntentItem,
  DealIntentsSkeleton,
  dealIntentName,
  NoDealIntents,
  Quote,
} from "./deal-intent-parts";
import { useDealIntents } from "./use-deal-intents";

/**
 * The publisher dashboard's Deal Intents tab: the caller's sent intents, newest first, each
 * with its name, listing, status badge and created date; "No Deal Intents Yet" with a link to /browse.
 * Accepted ones point to the listing, whose contact the publisher now sees, and may be disputed.
 */
export function PublisherDealIntentsTab() {
  const intents = useDealIntents();
  return (
    <QueryState query={intents} loadingLabel="Loading your deal intents…" loading={<DealIntentsSkeleton />}>
      {(data) => {
        const sent = data.filter((i) => i.direction === "sent");
        if (sent.length === 0) {
          return (
            <NoDealIntents description="Find a buyer whose requirements fit your traffic and press Request Deal on their listing." />
          );
        }
        return (
          <Card>
            <ul aria-label="Your deal intents" className="divide-y divide-slate-200">
              {sent.map((intent) => (
                <DealIntentItem key={intent.id} intent={intent}>
                  <Quote label="Your message" text={intent.message} />
                  <Quote label="The buyer's note" text={intent.decisionNote} />
                  {intent.status === "accepted" && intent.listingId && (
                    <p className="text-sm text-green-900">
                      The buyer accepted: their contact details are on the listing.
                    </p>
                  )}
                  {intent.status === "accepted" && (
                    <OpenDisputeButton dealIntentId={intent.id} dealName={dealIntentName(intent)} />
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
