import { formatPriceCents } from "../../../shared/format";
import { usePublicConfig } from "./use-public-config";

/**
 * The one Premium price (DESIGN.md §2), from GET /api/config. Every page that shows a price uses this;
 * `label` is undefined until the config has loaded, so no page ever shows a made-up figure.
 */
export function usePremiumPrice(): {
  cents: number | undefined;
  amount: string | undefined;
  label: string | undefined;
} {
  const { data } = usePublicConfig();
  if (!data) return { cents: undefined, amount: undefined, label: undefined };
  const amount = formatPriceCents(data.premiumPriceCents);
  return { cents: data.premiumPriceCents, amount, label: `${amount}/${data.premiumInterval}` };
}
