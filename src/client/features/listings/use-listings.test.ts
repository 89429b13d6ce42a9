import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import {
  describeListingsFailure,
  filtersFromSearch,
  filtersToApiQuery,
  filtersToSearch,
  parseNextLink,
  selectedTags,
} from "./use-listings";

describe("browse filters", () => {
  it("keeps a chosen order in the page URL and the API query, and the default out of both", () => {
    const base = { search: "", vertical: "", payout: "", geo: "", tags: "", verified: "" };
    for (const sort of ["payout", "newest", "reliability", "reviews"] as const) {
      expect(filtersToSearch({ ...base, sort })).toBe(`sort=${sort}`);
      expect(filtersFromSearch(`?sort=${sort}`).sort).toBe(sort);
      expect(filtersToApiQuery({ ...base, sort })).toBe(`sort=${sort}`);
    }
    expect(filtersToApiQuery({ ...base, sort: "" })).toBe("");
    // Featured is the default order: its address is the plain one; an unknown order reads as it.
    expect(filtersFromSearch("?sort=boosted").sort).toBe("");
    expect(filtersFromSearch("?sort=random").sort).toBe("");
  });

  it("round-trips through the page URL and leaves empty filters out", () => {
    const filters = {
      search: "final expense",
      vertical: "Insurance",
      payout: "",
      geo: "Texas",
      tags: "",
      verified: "",
      sort: "" as const,
    };
    const search = filtersToSearch(filters);
    expect(search).toBe("search=final+expense&vertical=Insurance&geo=Texas");
    expect(filtersFromSearch(`?${search}`)).toEqual(filters);
    const tagged = { ...filters, tags: "trustedform,no-ivr" };
    expect(filtersFromSearch(`?${filtersToSearch(tagged)}`)).toEqual(tagged);
    const verified = { ...filters, verified: "1" };
    expect(filtersToSearch(verified)).toBe("search=final+expense&vertical=Insurance&geo=Texas&verified=1");
    expect(filtersFromSearch(`?${filtersToSearch(verified)}`)).toEqual(verified);
  });

  it("asks the API for verified buyers only with verified=1, and reads nothing else as it", () => {
    const base = { search: "", vertical: "", payout: "", geo: "", tags: "", sort: "" as const };
    expect(filtersToApiQuery({ ...base, verified: "1" })).toBe("verified=1");
    expect(filtersToApiQuery({ ...base, verified: "" })).toBe("");
    expect(filtersFromSearch("?verified=yes").verified).toBe("");
  });

  it("reads a link's old vertical name as today's (Auto is Automotive)", () => {
    expect(filtersFromSearch("?vertical=Auto").vertical).toBe("Automotive");
    expect(filtersFromSearch("?vertical=Automotive").vertical).toBe("Automotive");
  });

  it("sends the requirement tags in their list order and drops unknown ones", () => {
    const base = { search: "", vertical: "", payout: "", geo: "", verified: "", sort: "" as const };
    expect(filtersToApiQuery({ ...base, tags: "no-ivr,bogus,trustedform" })).toBe(
      "tags=trustedform%2Cno-ivr",
    );
    expect(selectedTags({ tags: "" })).toEqual([]);
  });

  it("turns a payout bucket into the API's min and max", () => {
    const base = { search: "", vertical: "", geo: "", tags: "", verified: "", sort: "" as const };
    expect(filtersToApiQuery({ ...base, payout: "25-50" })).toBe("payoutMin=25&payoutMax=50");
    expect(filtersToApiQuery({ ...base, payout: "100+" })).toBe("payoutMin=100");
    expect(filtersToApiQuery({ ...base, payout: "bogus" })).toBe("");
  });

  it("reads the next page from the Link header", () => {
    expect(parseNextLink('</api/buyer-listings?cursor=abc>; rel="next"')).toBe(
      "/api/buyer-listings?cursor=abc",
    );
    expect(parseNextLink(null)).toBeNull();
  });

  it("names the status text when the list cannot be fetched", () => {
    const error = new ApiError(503, "Service Unavailable", '{"message":"Down","code":"unavailable"}');
    expect(describeListingsFailure(error)).toBe("Failed to fetch buyer listings: Service Unavailable");
    expect(describeListingsFailure(new TypeError("Failed to fetch"))).toBe(
      "Failed to fetch buyer listings: Network error",
    );
  });
});
