import { DealIntentList } from "./deal-intent-parts";

/**
 * The publisher dashboard's Deal Requests tab: the caller's sent requests, newest first, each named by
 * its listing's title, with its status badge and created date; "No Deal Requests Yet" with a link to /browse.
 * Accepted ones point to the listing, whose contact the publisher now sees, and may be disputed.
 */
export function PublisherDealIntentsTab() {
  return (
    <DealIntentList
      direction="sent"
      loadingLabel="Loading your deal requests…"
      listLabel="Your deal requests"
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
