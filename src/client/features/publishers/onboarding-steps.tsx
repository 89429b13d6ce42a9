import { CheckCircle2, ExternalLink } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Controller, type FieldValues, type UseFormWatch } from "react-hook-form";
import type { z } from "zod";
import {
  businessInfoSchema,
  PUBLISHER_MESSAGES,
  referencesSchema,
  trafficSchema,
} from "../../../shared/schemas/publisher";
import {
  COMPLIANCE_ACK_TEXTS,
  CURRENT_COMPLIANCE_ACK_VERSION,
  complianceInputSchema,
  DNC_DESCRIPTION_MAX,
} from "../../../shared/schemas/publisher-compliance";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { FormAlert } from "../../components/ui/form-alert";
import { FormField } from "../../components/ui/form-field";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { useZodForm } from "../../lib/use-zod-form";
import type { OnboardingValues } from "./onboarding-draft";
import { BusinessInfoFields, ChoiceFields, ReferenceFields } from "./profile-fields";
import { useVerifyDomain } from "./use-publisher";
import { VerificationTagBox } from "./verification-tag-box";

// The five steps of publisher onboarding. Each step is its own form over its own shared
// schema (the server parses the same ones), reports what is typed as it is typed (the draft), and hands
// its valid values to the wizard.

export interface StepProps {
  values: OnboardingValues;
  onChange: (values: Partial<OnboardingValues>) => void;
  onNext: (values: Partial<OnboardingValues>) => void;
  onBack?: () => void;
}

function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button type="button" variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}

/** Keeps the wizard's draft in step with what is typed, so a reload loses nothing. */
function useReportChanges<T extends FieldValues>(
  watch: UseFormWatch<T>,
  onChange: (values: Partial<OnboardingValues>) => void,
) {
  useEffect(() => {
    const subscription = watch((values) => onChange(values as Partial<OnboardingValues>));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);
}

// ---- 1. Business Info -----------------------------------------------------------------------------

export function BusinessInfoStep({ values, onChange, onNext }: StepProps) {
  const form = useZodForm(businessInfoSchema, {
    defaultValues: {
      website: values.website,
      avgDailyCalls: values.avgDailyCalls,
      yearsInBusiness: values.yearsInBusiness,
    },
  });
  useReportChanges(form.watch, onChange);
  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((valid) => onNext(valid))}>
      <BusinessInfoFields form={form} idPrefix="onboarding" />
      <StepActions>
        <Button type="submit">Continue</Button>
      </StepActions>
    </form>
  );
}

// ---- 2. Traffic & Verticals -------------------------------------------------------------------------

export function TrafficStep({ values, onChange, onNext, onBack }: StepProps) {
  const form = useZodForm(trafficSchema, {
    defaultValues: { trafficSources: values.trafficSources, verticals: values.verticals, geos: values.geos },
  });
  useReportChanges(form.watch, onChange);
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit((valid) => onNext(valid))}>
      <ChoiceFields form={form} idPrefix="onboarding" />
      <StepActions onBack={onBack}>
        <Button type="submit">Continue</Button>
      </StepActions>
    </form>
  );
}

// ---- 3. Domain Verification ------------------------------------------------------------------------

export function DomainStep({
  userId,
  values,
  verifiedWebsite,
  onVerified,
  onNext,
  onBack,
}: Omit<StepProps, "onChange" | "onNext"> & {
  userId: string;
  verifiedWebsite: string | null;
  onVerified: (website: string) => void;
  onNext: () => void;
}) {
  const verify = useVerifyDomain();
  const isVerified = verifiedWebsite !== null && verifiedWebsite === values.website;
  const runCheck = () =>
    verify.mutate(
      { website: values.website },
      {
        onSuccess: (result) => {
          onVerified(result.website);
          toast({
            title: PUBLISHER_MESSAGES.domainVerified,
            description: PUBLISHER_MESSAGES.domainVerifiedDescription,
          });
        },
      },
    );
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <p className="text-sm text-slate-700">We check that you own this website:</p>
        <p className="flex items-center gap-2 break-all font-medium" data-testid="onboarding-website">
          <ExternalLink className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          {values.website}
        </p>
      </div>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Copy the tag below.</li>
        <li>Paste it into the &lt;head&gt; of your homepage and publish the page.</li>
        <li>Press "Verify Domain": our server reads your homepage and looks for the tag.</li>
      </ol>
      <VerificationTagBox userId={userId} />
      {isVerified ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
          Domain verified: we found your tag.
        </p>
      ) : (
        verify.isError && (
          <FormAlert>
            <p className="font-medium">We could not verify your domain.</p>
            <p>{errorMessage(verify.error)}</p>
          </FormAlert>
        )
      )}
      <StepActions onBack={onBack}>
        {isVerified ? (
          <Button type="button" onClick={onNext}>
            Continue
          </Button>
        ) : (
          <>
            <Button type="button" variant="link" onClick={onNext}>
              Verify later
            </Button>
            <Button type="button" onClick={runCheck} disabled={verify.isPending}>
              {verify.isPending ? "Verifying..." : "Verify Domain"}
            </Button>
          </>
        )}
      </StepActions>
    </div>
  );
}

// ---- 4. References ----------------------------------------------------------------------------------

export function ReferencesStep({ values, onChange, onNext, onBack }: StepProps) {
  const form = useZodForm(referencesSchema, {
    defaultValues: { references: values.references },
  });
  useReportChanges(form.watch, onChange);
  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((valid) => onNext(valid))}>
      <ReferenceFields form={form} idPrefix="onboarding" />
      <StepActions onBack={onBack}>
        <Button type="submit">Continue</Button>
      </StepActions>
    </form>
  );
}

// ---- 5. Compliance ----------------------------------------------------------------------------------

const ACK_TEXT = COMPLIANCE_ACK_TEXTS[CURRENT_COMPLIANCE_ACK_VERSION];

export function ComplianceStep({
  values,
  onChange,
  onBack,
  onComplete,
  isSubmitting,
  failure,
}: Omit<StepProps, "onNext"> & {
  onComplete: (values: z.output<typeof complianceInputSchema>) => void;
  isSubmitting: boolean;
  failure: string | null;
}) {
  const form = useZodForm(complianceInputSchema, {
    defaultValues: { tcpaComplianceAck: values.tcpaComplianceAck, dncProcessDesc: values.dncProcessDesc },
  });
  useReportChanges(form.watch, onChange);
  const ackError = form.formState.errors.tcpaComplianceAck?.message;
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((valid) =>
        onComplete({ ...valid, ackTextVersion: CURRENT_COMPLIANCE_ACK_VERSION }),
      )}
    >
      <section aria-labelledby="compliance-requirements" className="space-y-2">
        <h3 id="compliance-requirements" className="text-sm font-semibold">
          TCPA compliance requirements
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {ACK_TEXT.requirements.map((requirement) => (
            <li key={requirement}>{requirement}</li>
          ))}
        </ul>
      </section>
      <FormField
        id="onboarding-dnc"
        label="Describe your DNC (Do Not Call) process"
        error={form.formState.errors.dncProcessDesc?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            maxLength={DNC_DESCRIPTION_MAX}
            placeholder="How you scrub numbers against DNC lists, how often, and how opt-outs are handled."
            {...form.register("dncProcessDesc")}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="tcpaComplianceAck"
        render={({ field }) => (
          <div className="space-y-1">
            <div className="flex items-start gap-3">
              <Checkbox
                id="onboarding-ack"
                ref={field.ref}
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-invalid={ackError ? true : undefined}
                aria-describedby={ackError ? "onboarding-ack-error" : undefined}
              />
              <Label htmlFor="onboarding-ack" className="font-normal leading-snug">
                {ACK_TEXT.acknowledgment}
              </Label>
            </div>
            {ackError && (
              <p id="onboarding-ack-error" role="alert" className="text-sm text-red-700">
                {ackError}
              </p>
            )}
          </div>
        )}
      />
      <FormAlert>{failure}</FormAlert>
      <StepActions onBack={onBack}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Submitting..." : "Complete Onboarding"}
        </Button>
      </StepActions>
    </form>
  );
}
