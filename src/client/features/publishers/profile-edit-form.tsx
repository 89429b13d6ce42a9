import type { z } from "zod";
import {
  createPublisherProfileSchema,
  PUBLISHER_MESSAGES,
  type PublisherProfile,
  type UpdatePublisherProfileInput,
} from "../../../shared/schemas/publisher";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import { BusinessInfoFields, ChoiceFields, type ProfileFieldValues, ReferenceFields } from "./profile-fields";
import { useUpdatePublisherProfile } from "./use-publisher";

// Edit Profile on the publisher profile page: the fields onboarding asked for, checked by the same
// schema; Save Changes sends only what changed (a partial update); Cancel resets the form.

type ProfileFormOutput = z.output<typeof createPublisherProfileSchema>;

function profileFormValues(profile: PublisherProfile): ProfileFieldValues {
  return {
    website: profile.website ?? "",
    avgDailyCalls: profile.avgDailyCalls ?? 0,
    yearsInBusiness: profile.yearsInBusiness ?? 0,
    trafficSources: profile.trafficSources,
    verticals: profile.verticals,
    geos: profile.geos,
    references: profile.references.length > 0 ? profile.references : [""],
  };
}

/** The fields whose value differs from the profile's: the only ones sent. */
function changedFields(profile: PublisherProfile, values: ProfileFormOutput): UpdatePublisherProfileInput {
  const current = profileFormValues(profile);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof ProfileFormOutput)[]) {
    const before = key === "references" ? profile.references : current[key];
    if (JSON.stringify(before) !== JSON.stringify(values[key])) changes[key] = values[key];
  }
  return changes as UpdatePublisherProfileInput;
}

export function ProfileEditForm({ profile, onDone }: { profile: PublisherProfile; onDone: () => void }) {
  const update = useUpdatePublisherProfile();
  const form = useZodForm(createPublisherProfileSchema, {
    // Checkbox values are plain strings in the form; the schema checks each against its list.
    defaultValues: profileFormValues(profile),
  });
  const website = form.watch("website");
  const clearsVerification = Boolean(profile.domainVerifiedAt) && website.trim() !== (profile.website ?? "");

  const cancel = () => {
    form.reset(profileFormValues(profile));
    update.reset();
    onDone();
  };
  const save = (values: ProfileFormOutput) => {
    const changes = changedFields(profile, values);
    if (Object.keys(changes).length === 0) {
      toast({ title: "No changes", description: "Nothing was changed, so nothing was saved." });
      onDone();
      return;
    }
    update.mutate(
      { id: profile.id, changes },
      {
        onSuccess: () => {
          toast({ title: PUBLISHER_MESSAGES.profileUpdated });
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit(save)} aria-label="Edit profile">
      <BusinessInfoFields
        form={form}
        idPrefix="profile"
        websiteNote={clearsVerification ? "A new website needs to be verified again." : undefined}
      />
      <ChoiceFields form={form} idPrefix="profile" />
      <ReferenceFields form={form} idPrefix="profile" />
      <FormAlert>{update.isError && errorMessage(update.error)}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
