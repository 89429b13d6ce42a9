import { useCallback, useEffect, useRef, useState } from "react";
import { BUYER_PROFILE_DEFAULTS, US_TIME_ZONES } from "../../../shared/constants";
import {
  BUYER_ONBOARDING_STEPS,
  type BuyerProfile,
  buyerOnboardingStepSchemas,
  type CreateBuyerProfileInput,
} from "../../../shared/schemas/buyers";
import type { OnboardingDraft, SaveOnboardingDraft } from "../../../shared/schemas/onboarding";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/form-alert";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useDraftSaver } from "../onboarding";
import {
  type BuyerOnboardingValues,
  BuyingStep,
  CallHoursStep,
  CompanyStep,
  StepActions,
} from "./buyer-onboarding-steps";
import { useCreateBuyerProfile } from "./use-buyer";

// The buyer onboarding (docs/buyers.md): company, what is bought, call hours, then review and create.
// The draft is kept on the server: saved when the buyer moves between steps and once typing pauses,
// restored when the wizard opens; creating the profile deletes it (on the server, in the same commit).

const REVIEW_STEP = BUYER_ONBOARDING_STEPS.length - 1;

function emptyValues(): BuyerOnboardingValues {
  return {
    company: "",
    website: "",
    contactEmail: "",
    contactPhone: "",
    verticals: [],
    payoutMin: BUYER_PROFILE_DEFAULTS.payoutMin,
    payoutMax: BUYER_PROFILE_DEFAULTS.payoutMax,
    paymentTerms: BUYER_PROFILE_DEFAULTS.paymentTerms,
    callHours: "",
    timeZone: "",
    dailyCap: String(BUYER_PROFILE_DEFAULTS.dailyCap),
  };
}

/**
 * The saved draft as the wizard's state: fields of the wrong type are the defaults, and the step is at
 * most the first one whose values do not pass (a draft is input, never trusted).
 */
export function restoreBuyerDraft(saved: Pick<OnboardingDraft, "step" | "data"> | undefined): {
  step: number;
  values: BuyerOnboardingValues;
} {
  const values = emptyValues();
  if (!saved) return { step: 0, values };
  const data = saved.data;
  for (const key of Object.keys(values) as (keyof BuyerOnboardingValues)[]) {
    const value = data[key];
    if (key === "verticals") {
      if (Array.isArray(value)) values.verticals = value.filter((v): v is string => typeof v === "string");
    } else if (typeof value === "string") {
      values[key] = value;
    }
  }
  let step = Number.isInteger(saved.step) ? Math.min(Math.max(saved.step - 1, 0), REVIEW_STEP) : 0;
  const firstInvalid = buyerOnboardingStepSchemas.findIndex((schema) => !schema.safeParse(values).success);
  if (firstInvalid !== -1) step = Math.min(step, firstInvalid);
  return { step, values };
}

const toServer = (step: number, values: BuyerOnboardingValues): SaveOnboardingDraft => ({
  step: step + 1,
  data: { ...values },
});

/** What the server is sent: every field of the wizard (it parses them all again). */
function profileInput(values: BuyerOnboardingValues): CreateBuyerProfileInput {
  return { ...values } as CreateBuyerProfileInput;
}

/** Where the buyer is among the four steps; the current one is marked for screen readers. */
function BuyerStepList({ current }: { current: number }) {
  return (
    <nav aria-label="Onboarding progress">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {BUYER_ONBOARDING_STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === current ? "step" : undefined}
            className={cn(
              "rounded-md border px-3 py-2 text-sm",
              index === current
                ? "border-brand-600 bg-brand-50 font-semibold text-slate-900"
                : index < current
                  ? "border-green-700 text-slate-700"
                  : "border-slate-200 text-slate-600",
            )}
          >
            {`Step ${index + 1}: ${name}`}
            {index < current && <span className="sr-only"> (completed)</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

const timeZoneLabel = (id: string) => US_TIME_ZONES.find((zone) => zone.value === id)?.label ?? id;

function Review({ values }: { values: BuyerOnboardingValues }) {
  const rows: [string, string][] = [
    ["Company", values.company],
    ["Website", values.website],
    ["Contact email", values.contactEmail],
    ["Contact phone", values.contactPhone || "None"],
    ["Verticals you buy", values.verticals.join(", ")],
    ["Payout range", `$${values.payoutMin} to $${values.payoutMax}`],
    ["Payment terms", values.paymentTerms],
    ["Call hours", `${values.callHours} (${timeZoneLabel(values.timeZone)})`],
    ["Daily cap", `${values.dailyCap} calls per day`],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function BuyerOnboardingWizard({
  saved,
  onCreated,
}: {
  /** The draft the server kept, if any. */
  saved: OnboardingDraft | undefined;
  onCreated: (profile: BuyerProfile) => void;
}) {
  const [state, setState] = useState(() => restoreBuyerDraft(saved));
  const createProfile = useCreateBuyerProfile();
  const saver = useDraftSaver("buyer");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  const isDone = useRef(false);

  // A new step moves focus to its heading, so screen readers announce it and Tab starts there.
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    headingRef.current?.focus();
  }, [state.step]);

  // Moving between steps saves at once; typing saves once it pauses. Nothing is saved on opening (the
  // draft is what the server just gave) nor after the profile exists (the draft has ended).
  const savedStep = useRef(state.step);
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (isDone.current) return;
    if (savedStep.current !== state.step) {
      savedStep.current = state.step;
      saver.saveNow(toServer(state.step, state.values));
    } else {
      saver.saveSoon(toServer(state.step, state.values));
    }
  }, [state, saver]);

  const updateValues = useCallback(
    (changed: Partial<BuyerOnboardingValues>) =>
      setState((current) => ({ ...current, values: { ...current.values, ...changed } })),
    [],
  );
  const moveTo = (step: number, changed: Partial<BuyerOnboardingValues> = {}) =>
    setState((current) => ({ step, values: { ...current.values, ...changed } }));
  const next = (changed: Partial<BuyerOnboardingValues>) =>
    moveTo(Math.min(state.step + 1, REVIEW_STEP), changed);
  const back = () => moveTo(Math.max(state.step - 1, 0));

  async function create() {
    // A save still on its way must not land after the profile (which ends the draft).
    isDone.current = true;
    await saver.settle();
    try {
      const profile = await createProfile.mutateAsync(profileInput(state.values));
      onCreated(profile);
    } catch {
      isDone.current = false;
      // The message is shown above the button; the values stay.
    }
  }

  const { step, values } = state;
  return (
    <div className="space-y-6">
      <BuyerStepList current={step} />
      <Card>
        <CardHeader>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            Step {step + 1} of {BUYER_ONBOARDING_STEPS.length}: {BUYER_ONBOARDING_STEPS[step]}
          </h2>
        </CardHeader>
        <CardContent>
          {step === 0 && <CompanyStep values={values} onChange={updateValues} onNext={next} />}
          {step === 1 && <BuyingStep values={values} onChange={updateValues} onNext={next} onBack={back} />}
          {step === 2 && (
            <CallHoursStep values={values} onChange={updateValues} onNext={next} onBack={back} />
          )}
          {step === REVIEW_STEP && (
            <div className="space-y-5">
              <Review values={values} />
              <FormAlert>{createProfile.isError && errorMessage(createProfile.error)}</FormAlert>
              <StepActions onBack={back}>
                <Button type="button" onClick={create} disabled={createProfile.isPending}>
                  {createProfile.isPending ? "Creating your profile..." : "Create Buyer Profile"}
                </Button>
              </StepActions>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
