import { Building2 } from "lucide-react";
import type { BuyerProfile } from "../../../shared/schemas/buyers";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { toast, toastError } from "../../components/ui/use-toast";
import { BuyerProfileForm } from "./buyer-profile-form";
import { dialogSave, FormDialog } from "./form-dialog";
import { useCreateBuyerProfile, useUpdateBuyerProfile } from "./use-buyer";

// Buyer dashboard: the "Create Your Buyer Profile" card, the "Create Buyer Profile" dialog, and
// the Profile tab that edits it, with the toasts "Profile Created" and "Profile Updated".

export function CreateProfileCard({ onCreate }: { onCreate: () => void }) {
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
        <Button onClick={onCreate}>Create Buyer Profile</Button>
      </CardContent>
    </Card>
  );
}

export function CreateProfileDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateBuyerProfile();
  const { close, save } = dialogSave(create, () => onOpenChange(false), {
    success: {
      title: "Profile Created",
      description: "Your buyer profile is ready. Create your first listing.",
    },
    failure: "Failed to create buyer profile.",
  });
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Create Buyer Profile"
      description="Company name and contact email are required; everything else can wait."
    >
      <BuyerProfileForm
        profile={null}
        submitLabel="Create Profile"
        pendingLabel="Creating..."
        mutation={create}
        onCancel={close}
        onSubmit={save}
      />
    </FormDialog>
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
