// The listings feature's public surface: what other features may import (docs/decisions/008-client-layers.md).
export { ListingBadges } from "./listing-badges";
export {
  type ListingFieldLabels,
  ListingFields,
  listingFieldValues,
} from "./listing-fields";
export {
  formatDuration,
  formatGeos,
  formatPayout,
  formatPerDay,
  formatTerms,
} from "./listing-format";
export { RequirementTags, requirementTagLabel } from "./requirement-tags";
export { LISTINGS_KEY, parseNextLink } from "./use-listings";
