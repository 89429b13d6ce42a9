import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page";

// A page the server draws must be in place when it draws it and when the browser hydrates it: loaded
// ahead, a lazy page renders at once (renderToString cannot wait); not loaded, it suspends as React.lazy.

const drawn = (page: ReturnType<typeof lazyPage>) =>
  renderToString(createElement(Suspense, { fallback: "loading" }, createElement(page)));

describe("a lazy page", () => {
  it("renders at once once preloaded, loading its chunk once", async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: () => createElement("h1", null, "Browse Buyers") };
    });
    await Page.preload();
    await Page.preload();
    expect(drawn(Page)).toBe("<!--$--><h1>Browse Buyers</h1><!--/$-->");
    expect(loads).toBe(1);
  });

  it("suspends until its chunk is in when it was not preloaded", () => {
    const Page = lazyPage(() => new Promise(() => {}));
    expect(drawn(Page)).toContain("loading");
    expect(drawn(Page)).not.toContain("<h1>");
  });
});
