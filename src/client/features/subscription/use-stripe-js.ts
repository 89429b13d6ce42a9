import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect, useState } from "react";

export type StripeJsState =
  | { status: "loading"; stripe: null }
  | { status: "ready"; stripe: Stripe }
  | { status: "unavailable"; stripe: null };

/**
 * Loads Stripe.js from js.stripe.com (it must come from Stripe, never bundled). This module is imported
 * by /subscribe only, so no other page loads it. A blocked or failed script becomes "unavailable".
 */
export function useStripeJs(publishableKey: string): StripeJsState {
  const [state, setState] = useState<StripeJsState>({ status: "loading", stripe: null });
  useEffect(() => {
    let active = true;
    loadStripe(publishableKey).then(
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
  }, [publishableKey]);
  return state;
}
