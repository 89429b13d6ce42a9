import { formatPriceCents } from "../../../shared/format";
import { usePublicConfig } from "./use-public-config";

/**
 * One Boost's price and days as the server is configured (BOOST_PRICE_CENTS): "$99 for 14 days", or
 * undefined until the config has loaded, so no page shows a made-up figure.
 */
export function useBoostPrice(): { amount: string; days: number; label: string } | undefined {
  const { data } = usePublicConfig();
  if (!data) return undefined;
  const amount = formatPriceCents(data.boostPriceCents);
  return { amount, days: data.boostDays, label: `${amount} for ${data.boostDays} days` };
}
