// The config feature's public surface: what other features may import (docs/decisions/008-client-layers.md).
export { useBoostPrice } from "./use-boost-price";
export { usePremiumPrice } from "./use-premium-price";
export { usePublicConfig } from "./use-public-config";
