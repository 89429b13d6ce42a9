import { Building2 } from "lucide-react";
import { Link } from "wouter";
import type { BuyerProfile } from "../../../shared/schemas/buyers";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { toast, toastError } from "../../components/ui/use-toast";
import { BuyerProfileForm } from "./buyer-profile-form";
import { useUpdateBuyerProfile } from "./use-buyer";

// Buyer dashboard: the "Create Your Buyer Profile" card (which leads to the buyer onboarding) and the
// Profile tab that edits the profile, with the toast "Profile Updated".

/** A signed-in guest without a profile: the way in is the buyer onboarding. */
export function CreateProfileCard() {
  return (
    <Card className="mx-auto max-w-2xl text-center">
      <CardHeader className="items-center">
        <Building2 className="h-10 w-10 text-brand-600" aria-hidden />
        <CardTitle>Create Your Buyer Profile</CardTitle>
        <CardDescription>
          Tell publishers who you are and what you buy: your company, contact details and payout range. Then
          post listings to the directory and hear from publishers who want to work with you.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/buyer/onboarding">Start Buyer Onboarding</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function ProfileTab({ profile }: { profile: BuyerProfile }) {
  const update = useUpdateBuyerProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Profile</CardTitle>
        <CardDescription>
          Publishers see your company and contact details on your listings once they may (Premium, or a deal
          you accepted).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <BuyerProfileForm
          key={profile.updatedAt}
          profile={profile}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          mutation={update}
          onSubmit={(values) =>
            update.mutate(values, {
              onSuccess: () =>
                toast({ title: "Profile Updated", description: "Your buyer profile was saved." }),
              onError: (error) => toastError(error, "Failed to update buyer profile."),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
