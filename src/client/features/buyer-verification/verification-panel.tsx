import { BadgeCheck, CheckCircle2, Circle, Clock } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "wouter";
import { BUYER_VERIFICATION } from "../../../shared/constants";
import { formatDate } from "../../../shared/format";
import {
  BUYER_VERIFICATION_MESSAGES,
  type BuyerVerificationState,
  type VerifiedBadge,
} from "../../../shared/schemas/buyer-verification";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/form-alert";
import { QueryState } from "../../components/ui/query-state";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { DomainStep } from "./domain-step";
import { EmailStep } from "./email-step";
import { StageHeading } from "./stage-heading";
import { useBuyerVerification, useStartVerification, useSubmitVerification } from "./use-buyer-verification";
import { type VerificationStage, verificationStage } from "./verification-stage";

// The buyer's "Verified buyer" panel: what the badge means, where the buyer stands, and the one thing
// to do next. Every step is the server's; this panel shows its state and its refusals in place.

const METHOD_LABELS = { dns: "DNS TXT record", meta: "meta tag on the homepage" } as const;

/** The three checks in order, each done (with its date), under way or still to come. */
function StepList({ state, stage }: { state: BuyerVerificationState; stage: VerificationStage }) {
  const current = state.current;
  const open = stage === "domain" || stage === "email" || stage === "ready" || stage === "submitted";
  if (!open || !current) return null;
  const steps: { label: string; doneAt: string | null; active: boolean }[] = [
    { label: "Domain", doneAt: current.domainVerifiedAt, active: stage === "domain" },
    { label: "Work email", doneAt: current.emailVerifiedAt, active: stage === "email" },
    { label: "Administrator review", doneAt: null, active: stage === "ready" || stage === "submitted" },
  ];
  return (
    <ol aria-label="Verification steps" className="grid gap-2 sm:grid-cols-3">
      {steps.map((step) => (
        <li
          key={step.label}
          aria-current={step.active ? "step" : undefined}
          className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm"
        >
          {step.doneAt ? (
            <CheckCircle2 className="h-4 w-4 shrink-0 text-green-700" aria-hidden />
          ) : step.active ? (
            <Clock className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
          ) : (
            <Circle className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          )}
          <span>
            <span className="font-medium">{step.label}</span>
            <span className="block text-slate-600">
              {step.doneAt ? `Done ${formatDate(step.doneAt)}` : step.active ? "Now" : "To do"}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The badge in force: since when, until when, and when each check passed. */
function BadgeSummary({ badge }: { badge: VerifiedBadge }) {
  return (
    <div className="space-y-2 rounded-md border border-green-200 bg-green-50 p-4 text-green-900">
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheck className="h-5 w-5 shrink-0" aria-hidden />
        Verified buyer since {formatDate(badge.since)}, until {formatDate(badge.until)}
      </p>
      <ul className="space-y-1 text-sm">
        <li>
          Domain proven by {METHOD_LABELS[badge.domainMethod]} on {formatDate(badge.domainVerifiedAt)}
        </li>
        <li>Work email confirmed on {formatDate(badge.emailVerifiedAt)}</li>
        <li>Reviewed and approved by an administrator on {formatDate(badge.reviewedAt)}</li>
      </ul>
    </div>
  );
}

/** Starts an attempt: the first, a renewal, or a new one after a refusal, a revocation or a lapse. */
function StartButton({ label, disabled = false }: { label: string; disabled?: boolean }) {
  const start = useStartVerification();
  return (
    <div className="space-y-3">
      <Button
        type="button"
        disabled={disabled || start.isPending}
        onClick={() =>
          start.mutate({}, { onSuccess: () => toast({ title: BUYER_VERIFICATION_MESSAGES.started }) })
        }
      >
        {start.isPending ? "Starting..." : label}
      </Button>
      <FormAlert>{start.isError && errorMessage(start.error)}</FormAlert>
    </div>
  );
}

function Outcome({
  title,
  autoFocus,
  children,
  action,
}: {
  title: string;
  autoFocus: boolean;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <StageHeading autoFocus={autoFocus}>{title}</StageHeading>
      <div className="space-y-1 text-sm text-slate-700">{children}</div>
      {action}
    </div>
  );
}

function SubmitStep({ autoFocus }: { autoFocus: boolean }) {
  const submit = useSubmitVerification();
  return (
    <div className="space-y-3">
      <StageHeading autoFocus={autoFocus}>Step 3: send for review</StageHeading>
      <p className="text-sm text-slate-700">
        Your domain and work email are proven. An administrator now checks that the business exists, that its
        payment terms are credible and its references.
      </p>
      <Button
        type="button"
        disabled={submit.isPending}
        onClick={() =>
          submit.mutate({}, { onSuccess: () => toast({ title: BUYER_VERIFICATION_MESSAGES.submitted }) })
        }
      >
        {submit.isPending ? "Sending..." : "Send for review"}
      </Button>
      <FormAlert>{submit.isError && errorMessage(submit.error)}</FormAlert>
    </div>
  );
}

function Reason({ children }: { children: string | null }) {
  return children ? (
    <p>
      <span className="font-medium">Reason:</span> <span className="whitespace-pre-line">{children}</span>
    </p>
  ) : null;
}

function StageView({
  state,
  stage,
  autoFocus,
}: {
  state: BuyerVerificationState;
  stage: VerificationStage;
  autoFocus: boolean;
}) {
  const current = state.current;
  switch (stage) {
    case "domain":
      return <DomainStep state={state} autoFocus={autoFocus} />;
    case "email":
      return <EmailStep state={state} autoFocus={autoFocus} />;
    case "ready":
      return <SubmitStep autoFocus={autoFocus} />;
    case "website-changed":
      return (
        <Outcome
          title="Your website changed"
          autoFocus={autoFocus}
          action={<StartButton label="Start again" />}
        >
          <p>{BUYER_VERIFICATION_MESSAGES.websiteChanged}.</p>
        </Outcome>
      );
    case "submitted":
      return (
        <Outcome title="Waiting for review" autoFocus={autoFocus} action={null}>
          <p>
            Sent for review{current?.submittedAt ? ` on ${formatDate(current.submittedAt)}` : ""}. An
            administrator checks the business, its payment terms and its references; you are emailed the
            decision.
          </p>
        </Outcome>
      );
    case "verified":
      return state.isRenewalDue ? (
        <Outcome title="Time to renew" autoFocus={autoFocus} action={<StartButton label="Renew" />}>
          <p>
            Your badge ends on {state.badge ? formatDate(state.badge.until) : "soon"}. Renewing runs the three
            checks again; the badge stays while they run.
          </p>
        </Outcome>
      ) : null;
    case "rejected":
      return (
        <Outcome title="Not approved" autoFocus={autoFocus} action={<StartButton label="Start again" />}>
          <p>
            An administrator did not approve your verification
            {current?.decidedAt ? ` on ${formatDate(current.decidedAt)}` : ""}.
          </p>
          <Reason>{current?.decisionReason ?? null}</Reason>
        </Outcome>
      );
    case "revoked":
      return (
        <Outcome title="Badge revoked" autoFocus={autoFocus} action={<StartButton label="Start again" />}>
          <p>
            An administrator revoked your badge
            {current?.revokedAt ? ` on ${formatDate(current.revokedAt)}` : ""}.
          </p>
          <Reason>{current?.revokeReason ?? null}</Reason>
        </Outcome>
      );
    case "lapsed":
      return (
        <Outcome title="Badge ended" autoFocus={autoFocus} action={<StartButton label="Start again" />}>
          <p>
            Your badge ended{current?.expiresAt ? ` on ${formatDate(current.expiresAt)}` : ""}: it lasts{" "}
            {BUYER_VERIFICATION.termMonths} months unless renewed.
          </p>
        </Outcome>
      );
    case "not-started":
      return (
        <Outcome
          title="Not verified yet"
          autoFocus={autoFocus}
          action={<StartButton label="Start verification" disabled={!state.website} />}
        >
          {state.website ? (
            <p>
              We verify the domain of your website,{" "}
              <span className="font-medium break-all">{state.website}</span>.
            </p>
          ) : (
            <p>
              {BUYER_VERIFICATION_MESSAGES.websiteRequired}:{" "}
              <Link href="/buyer/dashboard?tab=profile" className="font-medium text-brand-700 underline">
                edit your profile
              </Link>
              .
            </p>
          )}
        </Outcome>
      );
  }
}

function PanelBody({ state }: { state: BuyerVerificationState }) {
  const stage = verificationStage(state);
  // Focus follows the buyer's progress, never the first load: once the stage has changed here, each new
  // stage's heading takes it.
  const firstStage = useRef(stage);
  const moved = firstStage.current !== stage;
  return (
    <div className="space-y-5" data-testid="verification-stage" data-stage={stage}>
      {state.badge && <BadgeSummary badge={state.badge} />}
      <StepList state={state} stage={stage} />
      <StageView state={state} stage={stage} autoFocus={moved} />
    </div>
  );
}

/** The buyer workspace's Verification tab. */
export function BuyerVerificationPanel() {
  const verification = useBuyerVerification();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Verified buyer</CardTitle>
        <CardDescription>
          The badge on your listings tells publishers three things were checked: your company website's domain
          is yours, a work email at that domain answers, and an administrator reviewed your business. It lasts{" "}
          {BUYER_VERIFICATION.termMonths} months and can be renewed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={verification}
          loadingLabel="Loading your verification…"
          loading={<Skeleton className="h-40 w-full" />}
        >
          {(state) => <PanelBody state={state} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
