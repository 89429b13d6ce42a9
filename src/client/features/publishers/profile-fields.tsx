import type { ReactNode } from "react";
import {
  Controller,
  type FieldErrors,
  type FieldPathByValue,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import { GEOGRAPHIES, TRAFFIC_SOURCES, VERTICALS } from "../../../shared/constants";
import { CheckboxGroupField } from "../../components/ui/checkbox-group-field";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ReferencesField } from "./references-field";

// The publisher profile's fields, asked for by the onboarding steps (1, 2 and 4) and changed by Edit
// Profile: both render these, bound to their own form over the shared schemas. `idPrefix` keeps the
// ids of the two apart.

/** The profile as its forms hold it: checkbox values are plain strings; the schema checks each. */
export interface ProfileFieldValues {
  website: string;
  avgDailyCalls: number;
  yearsInBusiness: number;
  trafficSources: string[];
  verticals: string[];
  geos: string[];
  references: string[];
}

/** Numeric inputs are read as integers and fall back to 0, so an emptied box never sends NaN. */
const toInteger = (value: unknown): number => {
  const parsed = Number.parseInt(String(value ?? ""), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
};

type ProfileForm<K extends keyof ProfileFieldValues, T extends Pick<ProfileFieldValues, K>, O> = {
  form: UseFormReturn<T, unknown, O>;
  idPrefix: string;
};

/** T is any form holding these fields: the names are its paths, the messages its errors. */
function fieldsOf<T extends object, O>(form: UseFormReturn<T, unknown, O>) {
  const errors = form.formState.errors as FieldErrors<ProfileFieldValues>;
  return {
    name: (key: keyof ProfileFieldValues) => key as Path<T>,
    listName: (key: "trafficSources" | "verticals" | "geos") =>
      key as FieldPathByValue<T, readonly string[] | undefined>,
    message: (key: keyof ProfileFieldValues) => errors[key]?.message,
  };
}

/** Step 1 "Business Info": website, average daily calls, years in business. */
export function BusinessInfoFields<
  T extends Pick<ProfileFieldValues, "website" | "avgDailyCalls" | "yearsInBusiness">,
  O,
>({
  form,
  idPrefix,
  websiteNote,
}: ProfileForm<"website" | "avgDailyCalls" | "yearsInBusiness", T, O> & {
  /** Said under the website and tied to it (Edit Profile: a new website needs verifying again). */
  websiteNote?: ReactNode;
}) {
  const { name, message } = fieldsOf(form);
  const noteId = `${idPrefix}-website-note`;
  return (
    <>
      <FormField id={`${idPrefix}-website`} label="Website URL" error={message("website")}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://www.example.com"
            aria-describedby={
              [control["aria-describedby"], websiteNote ? noteId : null].filter(Boolean).join(" ") ||
              undefined
            }
            {...form.register(name("website"))}
          />
        )}
      </FormField>
      {websiteNote && (
        <p id={noteId} className="-mt-4 text-sm text-amber-800">
          {websiteNote}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={`${idPrefix}-daily-calls`}
          label="Average daily calls"
          error={message("avgDailyCalls")}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...form.register(name("avgDailyCalls"), { setValueAs: toInteger })}
            />
          )}
        </FormField>
        <FormField id={`${idPrefix}-years`} label="Years in business" error={message("yearsInBusiness")}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...form.register(name("yearsInBusiness"), { setValueAs: toInteger })}
            />
          )}
        </FormField>
      </div>
    </>
  );
}

const CHOICE_GROUPS = [
  { key: "trafficSources", legend: "Traffic sources", options: TRAFFIC_SOURCES },
  { key: "verticals", legend: "Focus verticals", options: VERTICALS },
  { key: "geos", legend: "Geographic coverage", options: GEOGRAPHIES },
] as const;

/** Step 2 "Traffic & Verticals": the three lists to tick. */
export function ChoiceFields<T extends Pick<ProfileFieldValues, "trafficSources" | "verticals" | "geos">, O>({
  form,
  idPrefix,
}: ProfileForm<"trafficSources" | "verticals" | "geos", T, O>) {
  const { listName } = fieldsOf(form);
  return CHOICE_GROUPS.map((group) => (
    <CheckboxGroupField
      key={group.key}
      control={form.control}
      name={listName(group.key)}
      id={`${idPrefix}-${group.key}`}
      legend={group.legend}
      options={group.options}
    />
  ));
}

/** Step 4 "References": the group's message and each line's own. */
export function ReferenceFields<T extends Pick<ProfileFieldValues, "references">, O>({
  form,
  idPrefix,
}: ProfileForm<"references", T, O>) {
  const { name } = fieldsOf(form);
  return (
    <Controller
      control={form.control}
      name={name("references")}
      render={({ field, fieldState }) => (
        <ReferencesField
          id={`${idPrefix}-references`}
          value={(field.value as string[] | undefined) ?? [""]}
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
  );
}
