import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { OnboardingDraft as SavedDraft } from "../../../shared/schemas/onboarding";
import {
  type CreatePublisherProfileInput,
  ONBOARDING_STEPS,
  PUBLISHER_MESSAGES,
  type PublisherProfile,
} from "../../../shared/schemas/publisher";
import type { complianceInputSchema } from "../../../shared/schemas/publisher-compliance";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { ApiError, errorMessage, isUnauthorizedError } from "../../lib/api";
import { useDraftSaver } from "../onboarding";
import {
  DOMAIN_STEP,
  draftFromServer,
  draftToServer,
  type OnboardingDraft,
  type OnboardingValues,
  skippedSteps,
} from "./onboarding-draft";
import {
  BusinessInfoStep,
  ComplianceStep,
  DomainStep,
  ReferencesStep,
  TrafficStep,
} from "./onboarding-steps";
import { StepIndicator } from "./step-indicator";
import {
  useCreatePublisherProfile,
  useFetchPublisherProfile,
  usePublisherRefresh,
  useSubmitCompliance,
} from "./use-publisher";

const LAST_STEP = ONBOARDING_STEPS.length - 1;

/**
 * The profile the server is sent: the fields of steps 1, 2 and 4 (no userId: the server takes the user
 * from the session, never from the body).
 * Each step's schema passed them already; the server parses them again.
 */
function profileInput(values: OnboardingValues): CreatePublisherProfileInput {
  return {
    website: values.website,
    avgDailyCalls: values.avgDailyCalls,
    yearsInBusiness: values.yearsInBusiness,
    trafficSources: values.trafficSources,
    verticals: values.verticals,
    geos: values.geos,
    references: values.references,
  } as CreatePublisherProfileInput;
}

/**
 * The five-step onboarding (docs/publishers.md). The draft is kept on the server: saved when the user
 * moves between steps and once typing pauses, restored from `saved` when the wizard opens. Step 5
 * creates the profile (the server deletes the draft with it), then posts the compliance record; when
 * the profile already exists (compliance failed earlier, or the Compliance tab sent the user back) only
 * step 5 remains, and there is no draft left to keep.
 */
export function OnboardingWizard({
  user,
  profile,
  saved,
}: {
  user: CurrentUser;
  profile: PublisherProfile | null;
  /** The draft the server kept, if any. */
  saved: SavedDraft | undefined;
}) {
  const [hasProfile, setHasProfile] = useState(profile !== null);
  const [draft, setDraft] = useState<OnboardingDraft>(() => {
    const restored = draftFromServer(saved);
    return profile ? { ...restored, step: LAST_STEP, completed: [0, 1, 2, 3] } : restored;
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const createProfile = useCreatePublisherProfile();
  const submitCompliance = useSubmitCompliance();
  const fetchProfile = useFetchPublisherProfile();
  const refresh = usePublisherRefresh();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(draft.step);

  const saver = useDraftSaver("publisher");
  const savedStep = useRef(draft.step);
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (hasProfile) return;
    if (savedStep.current !== draft.step) {
      savedStep.current = draft.step;
      saver.saveNow(draftToServer(draft));
    } else {
      saver.saveSoon(draftToServer(draft));
    }
  }, [draft, hasProfile, saver]);

  // A new step moves focus to its heading, so screen readers announce it and Tab starts there.
  useEffect(() => {
    if (shownStep.current === draft.step) return;
    shownStep.current = draft.step;
    headingRef.current?.focus();
  }, [draft.step]);

  const updateValues = useCallback((values: Partial<OnboardingValues>) => {
    setDraft((d) => ({ ...d, values: { ...d.values, ...values } }));
  }, []);
  const next = (values: Partial<OnboardingValues> = {}) =>
    setDraft((d) => ({
      ...d,
      values: { ...d.values, ...values },
      completed: d.completed.includes(d.step) ? d.completed : [...d.completed, d.step],
      step: Math.min(d.step + 1, LAST_STEP),
    }));
  const back = () => setDraft((d) => ({ ...d, step: Math.max(d.step - 1, 0) }));

  async function ensureProfile(): Promise<void> {
    if (hasProfile) return;
    // A save still on its way must not land after the profile (which ends the draft).
    await saver.settle();
    try {
      await createProfile.mutateAsync(profileInput(draft.values));
      setHasProfile(true);
      toast({ title: PUBLISHER_MESSAGES.profileCreated });
    } catch (error) {
      // Made meanwhile (another tab): carry on with compliance. A buyer's or admin's 409 stays an error.
      if (error instanceof ApiError && error.status === 409 && (await fetchProfile())) {
        setHasProfile(true);
        return;
      }
      throw error;
    }
  }

  async function complete(values: z.output<typeof complianceInputSchema>) {
    setFailure(null);
    try {
      await ensureProfile();
      await submitCompliance.mutateAsync(values);
    } catch (error) {
      if (!isUnauthorizedError(error)) setFailure(errorMessage(error));
      // The profile may exist now even though compliance failed: read it again.
      await refresh();
      return;
    }
    toast({
      title: PUBLISHER_MESSAGES.onboardingComplete,
      description: PUBLISHER_MESSAGES.onboardingCompleteDescription,
    });
    await refresh();
    navigate("/publisher/dashboard");
  }

  const step = draft.step;
  const onlyCompliance = hasProfile;
  // Once the profile exists, whether its domain is verified is the server's word.
  const skipped =
    hasProfile && profile ? (profile.domainVerifiedAt ? [] : [DOMAIN_STEP]) : skippedSteps(draft);
  return (
    <div className="space-y-6">
      <StepIndicator current={step} completed={draft.completed} skipped={skipped} />
      <Card>
        <CardHeader>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            Step {step + 1} of {ONBOARDING_STEPS.length}: {ONBOARDING_STEPS[step]}
          </h2>
          {onlyCompliance && (
            <p className="text-sm text-slate-600">
              Your profile is saved. Complete the compliance step to finish onboarding.
            </p>
          )}
        </CardHeader>
        <CardContent>
          {step === 0 && <BusinessInfoStep values={draft.values} onChange={updateValues} onNext={next} />}
          {step === 1 && (
            <TrafficStep values={draft.values} onChange={updateValues} onNext={next} onBack={back} />
          )}
          {step === 2 && (
            <DomainStep
              userId={user.id}
              values={draft.values}
              verifiedWebsite={draft.verifiedWebsite}
              onVerified={(website) => setDraft((d) => ({ ...d, verifiedWebsite: website }))}
              onNext={() => next()}
              onBack={back}
            />
          )}
          {step === 3 && (
            <ReferencesStep values={draft.values} onChange={updateValues} onNext={next} onBack={back} />
          )}
          {step === 4 && (
            <ComplianceStep
              values={draft.values}
              onChange={updateValues}
              onBack={onlyCompliance ? undefined : back}
              onComplete={complete}
              isSubmitting={createProfile.isPending || submitCompliance.isPending}
              failure={failure}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
