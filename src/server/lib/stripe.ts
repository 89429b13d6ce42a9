import Stripe from "stripe";
import { PAYMENT_MESSAGES } from "../../shared/constants";
import type { AppConfig } from "../config";
import { AppError } from "./app-error";

export type StripeClient = Stripe;

/**
 * The official SDK, pointed at STRIPE_API_URL when set (tests use a loopback fake, stripe-mock works
 * too). Undefined without a secret key: payments are then simply not configured.
 */
export function createStripeClient(stripeConfig: AppConfig["stripe"]): StripeClient | undefined {
  if (!stripeConfig.secretKey) return undefined;
  const options: ConstructorParameters<typeof Stripe>[1] = {
    // A retried POST reuses our idempotency key, so a network blip never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "PayPerCall Hub" },
  };
  if (stripeConfig.apiUrl) {
    const url = new URL(stripeConfig.apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    options.host = url.hostname;
    options.port = url.port || (protocol === "http" ? 80 : 443);
    options.protocol = protocol;
  }
  return new Stripe(stripeConfig.secretKey, options);
}

/** The client, or 503 `unavailable` when payments are not configured on this server. */
export function requireStripe(stripe: StripeClient | undefined): StripeClient {
  if (!stripe) throw new AppError("unavailable", PAYMENT_MESSAGES.notConfigured);
  return stripe;
}

/**
 * One price: the figure shown everywhere is PREMIUM_PRICE_CENTS (or SMS_PRICE_CENTS), the figure charged
 * is the Stripe Price. Returns a warning when they disagree (or the price cannot be read), else null.
 */
export async function checkStripePrice({
  stripe,
  priceId,
  cents,
  centsSetting = "PREMIUM_PRICE_CENTS",
  interval = "year",
}: {
  stripe: StripeClient;
  priceId: string;
  cents: number;
  /** The setting that holds the figure shown, named in the warning. */
  centsSetting?: string;
  interval?: "year" | "month";
}): Promise<string | null> {
  let price: Stripe.Price;
  try {
    price = await stripe.prices.retrieve(priceId);
  } catch (err) {
    return `Could not read Stripe price ${priceId}: ${(err as Error).message}`;
  }
  const problems: string[] = [];
  if (price.unit_amount !== cents) {
    problems.push(`charges ${price.unit_amount ?? "a custom amount"} cents, ${centsSetting} is ${cents}`);
  }
  if (price.recurring?.interval !== interval) {
    problems.push(
      `bills every ${price.recurring?.interval ?? "(not recurring)"}, the product sells a ${interval}ly plan`,
    );
  }
  if (price.currency !== "usd") problems.push(`is in ${price.currency.toUpperCase()}, pages show USD`);
  return problems.length
    ? `Stripe price ${priceId} differs from what the pages show: it ${problems.join("; ")}`
    : null;
}

export const PAYMENT_PROVIDER_ERROR =
  "The payment provider could not complete the request. Please try again.";

/**
 * Runs Stripe calls; a Stripe failure becomes a 502 with a plain message (its own text and status
 * describe our request to Stripe, not the user's to us). The original stays as `cause` for the log.
 */
export async function withStripeErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      throw new AppError("bad_gateway", PAYMENT_PROVIDER_ERROR, { cause: err });
    }
    throw err;
  }
}

/**
 * Startup check of the prices (Premium's, and the SMS add-on's when set): logs a warning, never fails
 * or delays the start.
 */
export async function warnAboutStripePrice({
  stripe,
  config,
  log,
}: {
  stripe: StripeClient | undefined;
  config: Pick<AppConfig, "stripe" | "premiumPriceCents" | "sms">;
  log: { warn: (message: string) => void };
}): Promise<void> {
  if (!stripe) return;
  if (!config.stripe.priceId) {
    log.warn("STRIPE_SECRET_KEY is set but STRIPE_PRICE_ID is not: nobody can subscribe to Premium");
  } else {
    const warning = await checkStripePrice({
      stripe,
      priceId: config.stripe.priceId,
      cents: config.premiumPriceCents,
    });
    if (warning) log.warn(warning);
  }
  if (config.sms.priceId) {
    const warning = await checkStripePrice({
      stripe,
      priceId: config.sms.priceId,
      cents: config.sms.priceCents,
      centsSetting: "SMS_PRICE_CENTS",
      interval: "month",
    });
    if (warning) log.warn(warning);
  }
}
