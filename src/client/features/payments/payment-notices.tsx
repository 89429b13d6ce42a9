import { AlertTriangle, FlaskConical, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { PAYMENT_MESSAGES } from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { usePublicConfig } from "../config";

// What the payment pages (Premium, Boost) show around Stripe's form, drawn the same on each.

/** A page-sized card with its heading (the page's h1), a sentence and the next steps. */
export function PaymentNotice({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader className="items-start">
        {icon}
        <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children && <CardContent className="flex flex-wrap gap-3">{children}</CardContent>}
    </Card>
  );
}

/**
 * "Payment System Setup Required": the server has no Stripe keys, so nothing can be bought here.
 * Go Back returns where the person came from, else to `fallbackPath`.
 */
export function SetupRequired({ description, fallbackPath }: { description: string; fallbackPath: string }) {
  const [, navigate] = useLocation();
  return (
    <PaymentNotice title={PAYMENT_MESSAGES.setupRequired} description={description}>
      <Button
        variant="secondary"
        onClick={() => (window.history.length > 1 ? window.history.back() : navigate(fallbackPath))}
      >
        Go Back
      </Button>
    </PaymentNotice>
  );
}

/** Stripe.js could not load (blocked, offline): say so instead of an empty form. */
export function PaymentUnavailable() {
  return (
    <p role="alert" className="flex gap-2 rounded-md bg-yellow-50 p-4 text-sm text-yellow-900">
      <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
      {PAYMENT_MESSAGES.unavailable}
    </p>
  );
}

/** The server could not start the payment (its message, or a plain one) and a way to ask again. */
export function PaymentStartFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** While Stripe.js and the client secret load: the form's shape, and a spoken label. */
export function PaymentFormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">Loading the secure payment form…</span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

/** Who takes the payment, under the payment card's title: Stripe, or the simulated provider. */
export function PaymentProvider({ className }: { className?: string }) {
  const simulated = usePublicConfig().data?.payments === "simulated";
  return (
    <span className={cn("flex items-center gap-1", className)}>
      {simulated ? (
        <>
          <FlaskConical className="h-4 w-4" aria-hidden /> Simulated payments: no money moves
        </>
      ) : (
        <>
          <ShieldCheck className="h-4 w-4" aria-hidden /> Secured by Stripe
        </>
      )}
    </span>
  );
}
