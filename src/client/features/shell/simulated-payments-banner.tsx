import { FlaskConical } from "lucide-react";
import { SIMULATED_TEST_CARDS } from "../../../shared/schemas/payment-simulation";
import { usePublicConfig } from "../config";

/**
 * On every page while payments are simulated (the server's PAYMENTS=simulated, development only), so
 * nobody takes a purchase here for a real one, and anyone can find the card that pays.
 */
export function SimulatedPaymentsBanner() {
  const { data: config } = usePublicConfig();
  if (config?.payments !== "simulated") return null;
  const [pays, declined] = SIMULATED_TEST_CARDS;
  return (
    <aside
      aria-label="Simulated payments"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <FlaskConical className="mr-1 inline h-4 w-4 align-[-2px]" aria-hidden />
      <strong>Payments are simulated: no money moves.</strong> Pay with the test card {pays.number};{" "}
      {declined.number} {declined.outcome}.
    </aside>
  );
}
