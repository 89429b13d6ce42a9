import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { usePublicConfig } from "../config";

export type StripeJsState =
  | { status: "loading"; stripe: null }
  | { status: "ready"; stripe: Stripe }
  | { status: "unavailable"; stripe: null };

/**
 * Loads Stripe.js from js.stripe.com (it must come from Stripe, never bundled), only when a page calls
 * this: the `pure` entry does not inject the script on import, so even /subscribe skips it when payment
 * is not configured or the visitor is signed out. A blocked or failed script becomes "unavailable".
 * With simulated payments (/api/config says so) nothing comes from Stripe: the simulated Stripe.js of
 * simulated-stripe.ts stands in, and the pages run the same code on it.
 */
export function useStripeJs(publishableKey: string): StripeJsState {
  const [state, setState] = useState<StripeJsState>({ status: "loading", stripe: null });
  const payments = usePublicConfig().data?.payments;
  useEffect(() => {
    if (!payments) return;
    let active = true;
    const load =
      payments === "simulated"
        ? import("./simulated-stripe").then((simulated) => simulated.createSimulatedStripe())
        : loadStripe(publishableKey);
    load.then(
      (stripe) => {
        if (!active) return;
        setState(stripe ? { status: "ready", stripe } : { status: "unavailable", stripe: null });
      },
      () => {
        if (active) setState({ status: "unavailable", stripe: null });
      },
    );
    return () => {
      active = false;
    };
  }, [publishableKey, payments]);
  return state;
}
