import { DealIntentList } from "./deal-intent-parts";

/**
 * The publisher dashboard's Deal Intents tab: the caller's sent intents, newest first, each
 * with its name, listing, status badge and created date; "No Deal Intents Yet" with a link to /browse.
 * Accepted ones point to the listing, whose contact the publisher now sees, and may be disputed.
 */
export function PublisherDealIntentsTab() {
  return (
    <DealIntentList
      direction="sent"
      loadingLabel="Loading your deal intents…"
      listLabel="Your deal intents"
      emptyDescription="Find a buyer whose requirements fit your traffic and press Request Deal on their listing."
      messageLabel="Your message"
      noteLabel="The buyer's note"
      details={(intent) =>
        intent.status === "accepted" &&
        intent.listingId && (
          <p className="text-sm text-green-900">
            The buyer accepted: their contact details are on the listing.
          </p>
        )
      }
    />
  );
}
