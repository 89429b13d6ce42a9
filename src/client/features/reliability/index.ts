// The buyer reliability score's public surface (docs/decisions/008-client-layers.md): the card the
// listing page and the buyer's reviews tab show.
export { ReliabilityCard } from "./reliability";
