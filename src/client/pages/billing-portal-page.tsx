import { useParams } from "wouter";
import { SimulatedBillingPortal } from "../features/subscriptions";

/**
 * /billing/portal/{session}: where "Manage billing" leads while payments are simulated, in place of
 * Stripe's customer portal (the simulated provider names this page as the session's address).
 */
export default function BillingPortalPage() {
  const { session = "" } = useParams<{ session: string }>();
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:py-12">
      <SimulatedBillingPortal session={session} />
    </main>
  );
}
