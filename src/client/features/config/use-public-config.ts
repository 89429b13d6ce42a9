import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../../shared/schemas/config";

const PUBLIC_CONFIG_KEY = ["/api/config"] as const;

/** GET /api/config: product name, the one Premium price, Stripe key, legal contact. */
export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: PUBLIC_CONFIG_KEY });
}

/** Puts the configuration, read beforehand (by the server drawing the page), where usePublicConfig finds it. */
export function seedPublicConfig(queryClient: QueryClient, config: PublicConfig): void {
  queryClient.setQueryData(PUBLIC_CONFIG_KEY, config);
}
