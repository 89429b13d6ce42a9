import { z } from "zod";
import { ONBOARDING_SIDES } from "../constants";
import { plainText } from "./common";

// The onboarding wizards' drafts (GET/PUT /api/onboarding/{side}/draft): the step reached and what was
// typed so far, kept on the server so a reload or another browser continues where the person left.
// A draft is checked for shape only: the wizard's own schemas judge the values when they are submitted.

export const ONBOARDING_DRAFT_LIMITS = {
  /** The draft's fields, as JSON: far above what either wizard's fields can hold, far below abuse. */
  maxBytes: 16 * 1024,
  maxFields: 40,
  maxListItems: 100,
  /** The longest wizard has five steps; room for one that grows. */
  maxStep: 10,
} as const;

export const ONBOARDING_MESSAGES = {
  tooLarge: `The draft is too large: at most ${ONBOARDING_DRAFT_LIMITS.maxBytes / 1024} KB.`,
  adminsDoNotOnboard:
    "Administrator accounts hold no publisher or buyer profile, so they have no onboarding.",
  buyerAccount: "This account is a buyer account: publisher onboarding is for another account.",
  publisherAccount: "This account is a publisher account: buyer onboarding is for another account.",
  profileExists: "Your profile exists already: onboarding is done.",
} as const;

export const onboardingSideParams = z.object({
  side: z.enum(ONBOARDING_SIDES, { message: `side must be one of: ${ONBOARDING_SIDES.join(", ")}` }),
});

const draftScalar = z.union([plainText(), z.number().finite(), z.boolean(), z.null()]);
const draftValue = z.union([
  draftScalar,
  z.array(z.union([plainText(), z.number().finite(), z.boolean()])).max(ONBOARDING_DRAFT_LIMITS.maxListItems),
]);

/** One field of a wizard, as typed: text, a number, a tick, or a list of those (no nesting). */
const draftData = z
  .record(plainText().min(1).max(64), draftValue)
  .refine((data) => Object.keys(data).length <= ONBOARDING_DRAFT_LIMITS.maxFields, {
    message: `A draft holds at most ${ONBOARDING_DRAFT_LIMITS.maxFields} fields`,
  });

const draftStep = z
  .number({ message: "step must be a number" })
  .int("step must be a whole number")
  .min(1, "step must be at least 1")
  .max(ONBOARDING_DRAFT_LIMITS.maxStep, `step must be at most ${ONBOARDING_DRAFT_LIMITS.maxStep}`);

/** PUT /api/onboarding/{side}/draft: the whole draft (the step is 1-based). */
export const saveOnboardingDraftSchema = z.object({ step: draftStep, data: draftData });
export type SaveOnboardingDraft = z.infer<typeof saveOnboardingDraftSchema>;

/** GET /api/onboarding/{side}/draft: step 1 and no fields when nothing was saved. */
export const onboardingDraftSchema = z.object({
  step: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  updatedAt: z.string().nullable(),
});
export type OnboardingDraft = z.infer<typeof onboardingDraftSchema>;
