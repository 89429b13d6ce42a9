import { ADDONS } from "../../../shared/constants";
import { formatPriceCents } from "../../../shared/format";
import { usePublicConfig } from "./use-public-config";

/**
 * The SMS Alerts add-on's price as the server is configured (SMS_PRICE_CENTS): "$49/month", or undefined
 * until the config has loaded, so no page shows a made-up figure.
 */
export function useSmsPrice(): { amount: string; label: string } | undefined {
  const { data } = usePublicConfig();
  if (!data) return undefined;
  const amount = formatPriceCents(data.smsPriceCents);
  return { amount, label: `${amount}/${ADDONS.smsAlerts.per}` };
}
