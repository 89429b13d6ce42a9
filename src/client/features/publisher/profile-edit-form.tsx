import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { GEOGRAPHIES, PUBLISHER_VERTICALS, TRAFFIC_SOURCES } from "../../../shared/constants";
import {
  createPublisherProfileSchema,
  PUBLISHER_MESSAGES,
  type PublisherProfile,
  type UpdatePublisherProfileInput,
} from "../../../shared/schemas/publisher";
import { Button } from "../../components/ui/button";
import { CheckboxGroup } from "../../components/ui/checkbox-group";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { toInteger } from "./onboarding-steps";
import { ReferencesField } from "./references-field";
import { useUpdatePublisherProfile } from "./use-publisher";

// Edit Profile (SPEC §2 "Publisher profile"): the fields onboarding asked for, checked by the same
// schema; Save Changes sends only what changed (SPEC §5: a partial update); Cancel resets the form.

export interface ProfileFormValues {
  website: string;
  avgDailyCalls: number;
  yearsInBusiness: number;
  trafficSources: string[];
  verticals: string[];
  geos: string[];
  references: string[];
}
type ProfileFormOutput = z.output<typeof createPublisherProfileSchema>;

export function profileFormValues(profile: PublisherProfile): ProfileFormValues {
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
export function changedFields(
  profile: PublisherProfile,
  values: ProfileFormOutput,
): UpdatePublisherProfileInput {
  const current = profileFormValues(profile);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof ProfileFormOutput)[]) {
    const before = key === "references" ? profile.references : current[key];
    if (JSON.stringify(before) !== JSON.stringify(values[key])) changes[key] = values[key];
  }
  return changes as UpdatePublisherProfileInput;
}

const CHOICE_GROUPS = [
  { name: "trafficSources", legend: "Traffic sources", options: TRAFFIC_SOURCES },
  { name: "verticals", legend: "Focus verticals", options: PUBLISHER_VERTICALS },
  { name: "geos", legend: "Geographic coverage", options: GEOGRAPHIES },
] as const;

export function ProfileEditForm({ profile, onDone }: { profile: PublisherProfile; onDone: () => void }) {
  const update = useUpdatePublisherProfile();
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    // Checkbox values are plain strings in the form; the schema checks each against its list.
    resolver: zodResolver(createPublisherProfileSchema) as unknown as Resolver<
      ProfileFormValues,
      unknown,
      ProfileFormOutput
    >,
    defaultValues: profileFormValues(profile),
  });
  const { errors } = form.formState;
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
      <FormField id="profile-website" label="Website URL" error={errors.website?.message}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="url"
            aria-describedby={
              [control["aria-describedby"], clearsVerification ? "profile-website-note" : null]
                .filter(Boolean)
                .join(" ") || undefined
            }
            {...form.register("website")}
          />
        )}
      </FormField>
      {clearsVerification && (
        <p id="profile-website-note" className="-mt-4 text-sm text-amber-800">
          A new website needs to be verified again.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-daily-calls" label="Average daily calls" error={errors.avgDailyCalls?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              {...form.register("avgDailyCalls", { setValueAs: toInteger })}
            />
          )}
        </FormField>
        <FormField id="profile-years" label="Years in business" error={errors.yearsInBusiness?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              {...form.register("yearsInBusiness", { setValueAs: toInteger })}
            />
          )}
        </FormField>
      </div>
      {CHOICE_GROUPS.map((group) => (
        <Controller
          key={group.name}
          control={form.control}
          name={group.name}
          render={({ field, fieldState }) => (
            <CheckboxGroup
              id={`profile-${group.name}`}
              legend={group.legend}
              options={group.options}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              firstRef={field.ref}
            />
          )}
        />
      ))}
      <Controller
        control={form.control}
        name="references"
        render={({ field, fieldState }) => (
          <ReferencesField
            id="profile-references"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            itemErrors={
              Array.isArray(fieldState.error)
                ? (fieldState.error as ({ message?: string } | undefined)[]).map((e) => e?.message)
                : []
            }
            firstRef={field.ref}
          />
        )}
      />
      {update.isError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errorMessage(update.error)}
        </p>
      )}
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
