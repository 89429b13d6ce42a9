// The publisher feature's public surface (docs/decisions/008-client-layers.md): the score bands of
// SPEC §5, which the buyer reliability score (features/trust) colours itself by too.
export { BAND_STYLES, clampScore, scoreBand } from "./quality-bands";
