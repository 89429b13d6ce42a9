import type { OnboardingDraft as SavedDraft, SaveOnboardingDraft } from "../../../shared/schemas/onboarding";
import { ONBOARDING_DEFAULTS, ONBOARDING_STEPS } from "../../../shared/schemas/publisher";
import type { ProfileFieldValues } from "./profile-fields";

// The wizard's draft: kept on the server (GET/PUT /api/onboarding/publisher/draft) so a reload, another
// browser or a visit days later resumes where the user was; the server deletes it when the profile is
// created. It only remembers what was typed and which steps were done: whether a domain is verified is
// always the server's word.

/** The profile's fields (steps 1, 2 and 4) and the compliance step's. */
export interface OnboardingValues extends ProfileFieldValues {
  dncProcessDesc: string;
  tcpaComplianceAck: boolean;
}

export interface OnboardingDraft {
  /** The step on screen, 0-based. */
  step: number;
  /** Steps submitted valid (the indicator ticks them). */
  completed: number[];
  values: OnboardingValues;
  /** The website the server verified in step 3, so "Continue" shows again after a reload. */
  verifiedWebsite: string | null;
}

/** The domain verification step (0-based): the one step that may be passed without doing it. */
export const DOMAIN_STEP = 2;

/**
 * Steps the user moved past without doing them: the domain step when "Verify later" was chosen, or
 * when the website verified is no longer the one entered (changed in step 1 afterwards).
 */
export function skippedSteps(
  draft: Pick<OnboardingDraft, "completed" | "verifiedWebsite" | "values">,
): number[] {
  const passed = draft.completed.includes(DOMAIN_STEP);
  return passed && draft.verifiedWebsite !== draft.values.website ? [DOMAIN_STEP] : [];
}

const LAST_STEP = ONBOARDING_STEPS.length - 1;

export function emptyDraft(): OnboardingDraft {
  return {
    step: 0,
    completed: [],
    values: {
      website: ONBOARDING_DEFAULTS.website,
      avgDailyCalls: ONBOARDING_DEFAULTS.avgDailyCalls,
      yearsInBusiness: ONBOARDING_DEFAULTS.yearsInBusiness,
      trafficSources: [],
      verticals: [],
      geos: [],
      references: [...ONBOARDING_DEFAULTS.references],
      dncProcessDesc: "",
      tcpaComplianceAck: false,
    },
    verifiedWebsite: null,
  };
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** The saved draft, with anything missing or malformed replaced by the defaults (a draft is input). */
export function draftFromServer(saved: Pick<SavedDraft, "step" | "data"> | undefined): OnboardingDraft {
  const draft = emptyDraft();
  if (!saved) return draft;
  const { completed, verifiedWebsite, ...v } = saved.data as Record<string, unknown>;
  // The server's step is 1-based, the wizard's 0-based.
  if (Number.isInteger(saved.step)) draft.step = Math.min(Math.max(saved.step - 1, 0), LAST_STEP);
  if (Array.isArray(completed)) {
    draft.completed = completed.filter((s): s is number => Number.isInteger(s) && s >= 0 && s <= LAST_STEP);
  }
  if (typeof verifiedWebsite === "string") draft.verifiedWebsite = verifiedWebsite;
  if (typeof v.website === "string") draft.values.website = v.website;
  if (typeof v.avgDailyCalls === "number") draft.values.avgDailyCalls = v.avgDailyCalls;
  if (typeof v.yearsInBusiness === "number") draft.values.yearsInBusiness = v.yearsInBusiness;
  if (isStringList(v.trafficSources)) draft.values.trafficSources = v.trafficSources;
  if (isStringList(v.verticals)) draft.values.verticals = v.verticals;
  if (isStringList(v.geos)) draft.values.geos = v.geos;
  if (isStringList(v.references) && v.references.length > 0)
    draft.values.references = v.references.slice(0, 3);
  if (typeof v.dncProcessDesc === "string") draft.values.dncProcessDesc = v.dncProcessDesc;
  if (typeof v.tcpaComplianceAck === "boolean") draft.values.tcpaComplianceAck = v.tcpaComplianceAck;
  // A step is reachable only when every step before it is done.
  let reachable = 0;
  while (reachable < LAST_STEP && draft.completed.includes(reachable)) reachable++;
  draft.step = Math.min(draft.step, reachable);
  return draft;
}

/** What the server keeps: the step (1-based) and one flat object of the fields and the wizard's marks. */
export function draftToServer(draft: OnboardingDraft): SaveOnboardingDraft {
  return {
    step: draft.step + 1,
    data: { ...draft.values, completed: draft.completed, verifiedWebsite: draft.verifiedWebsite },
  };
}
