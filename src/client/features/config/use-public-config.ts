import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../../shared/schemas/config";

/** GET /api/config: product name, the one Premium price, Stripe key, legal contact. */
export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: ["/api/config"] });
}
