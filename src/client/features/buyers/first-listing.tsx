import { useLocation } from "wouter";
import { GEOGRAPHIES, PAYMENT_TERMS, VERTICALS } from "../../../shared/constants";
import type { BuyerProfile } from "../../../shared/schemas/buyers";
import type { CreateBuyerListingInput } from "../../../shared/schemas/listing-input";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { toast, toastError } from "../../components/ui/use-toast";
import { LISTING_FAILURES } from "./listing-dialogs";
import { ListingForm, type ListingFormOutput } from "./listing-form";
import { useCreateListing } from "./use-buyer";

// The end of buyer onboarding: the listing form, filled from the new profile, so the first listing is a
// title away; "Skip for now" goes to the dashboard, where "Create Listing" waits.

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/**
 * The listing's starting values from the profile: the first vertical bought, the minimum payout (the
 * offer a publisher can count on; the maximum when no minimum is set), the payment terms and
 * the geographies covered.
 */
export function listingPrefill(profile: BuyerProfile): Partial<CreateBuyerListingInput> {
  const vertical = profile.verticals.find((v) => isOneOf(VERTICALS, v));
  const payout = profile.payoutMin ?? profile.payoutMax;
  return {
    ...(vertical ? { vertical } : {}),
    ...(payout ? { payout: String(Number(payout)) } : {}),
    ...(isOneOf(PAYMENT_TERMS, profile.paymentTerms) ? { paymentTerms: profile.paymentTerms } : {}),
    geos: profile.geoCoverage.filter((geo) => isOneOf(GEOGRAPHIES, geo)),
  } as Partial<CreateBuyerListingInput>;
}

export function FirstListing({ profile }: { profile: BuyerProfile }) {
  const [, navigate] = useLocation();
  const create = useCreateListing();
  const toDashboard = () => navigate("/buyer/dashboard");
  const save = (values: ListingFormOutput) =>
    create.mutate(values, {
      onSuccess: () => {
        toast({ title: "Listing Created", description: "Buyer listing created successfully." });
        toDashboard();
      },
      onError: (error) => toastError(error, LISTING_FAILURES.create),
    });
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">Post your first listing</h2>
        <CardDescription>
          Your buyer profile is ready. The form starts from it: add a title, check the rest, and publishers
          see the listing in the directory at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ListingForm
          listing={null}
          prefill={listingPrefill(profile)}
          submitLabel="Post Listing"
          pendingLabel="Posting..."
          mutation={create}
          onCancel={toDashboard}
          cancelLabel="Skip for now"
          onSubmit={save}
        />
      </CardContent>
    </Card>
  );
}
