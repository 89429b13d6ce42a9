import { BOOST_DAYS, PREMIUM_INTERVAL, REQUIREMENT_TAGS } from "../../../shared/constants";
import type { PublicConfig } from "../../../shared/schemas/config";
import type { AppConfig } from "../../config";

/** What GET /api/config tells every client (and what a server-drawn page starts from): made once. */
export function publicConfigOf(config: AppConfig): PublicConfig {
  return {
    appName: config.appName,
    premiumPriceCents: config.premiumPriceCents,
    premiumInterval: PREMIUM_INTERVAL,
    boostPriceCents: config.boostPriceCents,
    boostDays: BOOST_DAYS,
    smsPriceCents: config.sms.priceCents,
    stripePublishableKey: config.stripe.publishableKey ?? null,
    payments: config.payments,
    legalEmail: config.legal.email,
    legalAddress: config.legal.address,
    signInMethod: config.oidc ? "oidc" : "magic-link",
    isDevelopment: config.isDevelopment,
    requirementTags: REQUIREMENT_TAGS.map(({ id, label }) => ({ id, label })),
  };
}
