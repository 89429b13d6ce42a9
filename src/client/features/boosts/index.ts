// The boosts feature's public surface: what other features may import (docs/decisions/008-client-layers.md).
export { BoostHistory } from "./boost-history";
