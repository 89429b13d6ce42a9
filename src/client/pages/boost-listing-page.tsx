import { ArrowLeft, PauseCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "wouter";
import { LISTING_NOT_FOUND_HEADING, listingNotFoundPageHead, privatePageHead } from "../../shared/page-head";
import type { BoostStatus } from "../../shared/schemas/boosts";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { Skeleton } from "../components/ui/skeleton";
import { BoostCheckout, BoostConfirmationPanel } from "../features/boosts/boost-checkout";
import { BoostHistory } from "../features/boosts/boost-history";
import { BoostSummary } from "../features/boosts/boost-summary";
import { useBoostConfirmation, useBoostStatus } from "../features/boosts/use-boosts";
import { SetupRequired } from "../features/payments";
import { usePageHead } from "../features/shell/use-page-head";
import { errorMessage, hasErrorCode, isNotFoundError } from "../lib/api";

// Boost: a buyer pays once, through Stripe, for featured placement of one of their own active listings.
// The days are granted when Stripe's webhook reports the payment, never by this page: after paying it
// waits for the server to list the purchase (docs/buyers.md, "Boosting a listing").

const MY_LISTINGS_PATH = "/buyer/dashboard";

export default function BoostListingPage() {
  const { id = "" } = useParams<{ id: string }>();
  const status = useBoostStatus(id);
  const title = status.data?.title;
  usePageHead(
    title !== undefined
      ? (appName) => privatePageHead(`Boost ${title}`, appName)
      : isNotFoundError(status.error)
        ? listingNotFoundPageHead
        : undefined,
  );
  return (
    <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-8 sm:py-10">
      <Button asChild variant="link">
        <Link href={MY_LISTINGS_PATH}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to My Listings
        </Link>
      </Button>
      {/* The page's heading comes with the listing; while it loads or when it cannot be shown, the outline
          still starts with one. */}
      {!status.data && !isNotFoundError(status.error) && <h1 className="sr-only">Boost Listing</h1>}
      <QueryState
        query={status}
        loadingLabel="Loading the listing's boost…"
        loading={<PageSkeleton />}
        notFound={<NotFound />}
        errorMessage={(error) =>
          hasErrorCode(error, "forbidden")
            ? "Only buyers can boost listings, and only their own."
            : errorMessage(error, "The boost could not be loaded.")
        }
      >
        {(data) => (
          <BoostScreen status={data} isRefreshing={status.isFetching} onRefresh={() => status.refetch()} />
        )}
      </QueryState>
    </main>
  );
}

function BoostScreen({
  status,
  isRefreshing,
  onRefresh,
}: {
  status: BoostStatus;
  isRefreshing: boolean;
  onRefresh: () => void;
}) {
  const [paidIntent, setPaidIntent] = useState<string | null>(null);
  const confirmation = useBoostConfirmation(status.listingId, paidIntent);
  const isActive = status.listingStatus === "active";

  let payment: ReactNode;
  if (confirmation) {
    payment = (
      <BoostConfirmationPanel
        confirmation={confirmation}
        status={status}
        isRefreshing={isRefreshing}
        onRefresh={onRefresh}
        onBoostAgain={() => setPaidIntent(null)}
      />
    );
  } else if (!isActive) {
    payment = <NotActive status={status} />;
  } else if (!status.publishableKey) {
    return (
      <SetupRequired
        description="Card payments are not configured on this server yet, so a Boost cannot be bought here right now."
        fallbackPath={MY_LISTINGS_PATH}
      />
    );
  } else {
    payment = <BoostCheckout status={status} publishableKey={status.publishableKey} onPaid={setPaidIntent} />;
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="break-words text-3xl font-bold">Boost “{status.title}”</h1>
        <p className="mt-2 text-slate-700">
          Put this listing in front of publishers first: featured placement in the directory.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-5">
        <BoostSummary status={status} />
        {payment}
      </div>
      {status.purchases.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Boost history</CardTitle>
          </CardHeader>
          <CardContent>
            <BoostHistory purchases={status.purchases} label="Boost history" />
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** A paused or inactive listing is not in the directory: featured placement would show it to no one. */
function NotActive({ status }: { status: BoostStatus }) {
  return (
    <Card className="md:col-span-3">
      <CardHeader>
        <PauseCircle className="h-8 w-8 text-yellow-700" aria-hidden />
        <CardTitle>Only an active listing can be boosted</CardTitle>
        <CardDescription>
          This listing is {status.listingStatus}, so it is not shown in the directory and featured placement
          would reach no one. Make it active from My Listings (Resume), then come back to boost it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href={MY_LISTINGS_PATH}>Go to My Listings</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function NotFound() {
  return (
    <div className="mx-auto max-w-md space-y-4 py-12 text-center">
      <h1 className="text-2xl font-bold">{LISTING_NOT_FOUND_HEADING}</h1>
      <p className="text-slate-600">This listing does not exist, or it is not one of yours to boost.</p>
      <Button asChild>
        <Link href={MY_LISTINGS_PATH}>Go to My Listings</Link>
      </Button>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-6 md:grid-cols-5">
        <Skeleton className="h-72 md:col-span-2" />
        <Skeleton className="h-72 md:col-span-3" />
      </div>
    </div>
  );
}
