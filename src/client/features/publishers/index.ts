// The publisher feature's public surface (docs/decisions/008-client-layers.md): the score bands, which
// the buyer reliability score (features/reliability) colours itself by too, and the quality score's display,
// which the admin console shows beside each application.
export { BAND_STYLES, formatQualityScore, scoreBand } from "./quality-bands";
export { QualityScoreBasis } from "./quality-score";
export { usePublisherProfile } from "./use-publisher";
