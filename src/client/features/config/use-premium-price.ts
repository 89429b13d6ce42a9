import { formatPriceCents } from "../../../shared/format";
import { usePublicConfig } from "./use-public-config";

/**
 * The one Premium price, from GET /api/config (the server's configuration is its single source, so no
 * two pages can disagree). Every page that shows a price uses this; `label` is undefined until the
 * config has loaded, so no page ever shows a made-up figure.
 */
export function usePremiumPrice(): {
  amount: string | undefined;
  interval: string | undefined;
  label: string | undefined;
} {
  const { data } = usePublicConfig();
  if (!data) return { amount: undefined, interval: undefined, label: undefined };
  const amount = formatPriceCents(data.premiumPriceCents);
  return {
    amount,
    interval: data.premiumInterval,
    label: `${amount}/${data.premiumInterval}`,
  };
}
