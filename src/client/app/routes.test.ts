import { type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Route, Router, Switch } from "wouter";
import { boostPagePath, CLIENT_ROUTES, formatDocumentTitle, matchClientRoute } from "../../shared/routes";

// The server answers 404 for a path when src/shared's matcher finds no route; the browser draws the
// route wouter's <Switch> picks (app.tsx draws one <Route> per entry of the list, in its order). The two
// must agree, or a page would be served as missing, or a missing page with 200.
const NO_ROUTE = "(none)";
function wouterRoute(path: string): string {
  const routes = [
    ...CLIENT_ROUTES.map((route) => createElement(Route, { key: route.path, path: route.path }, route.path)),
    createElement(Route, { key: NO_ROUTE }, NO_ROUTE),
  ];
  // The props' type wants `children`, which createElement's third argument gives.
  const props = { ssrPath: path } as ComponentProps<typeof Router>;
  return renderToStaticMarkup(createElement(Router, props, createElement(Switch, null, routes)));
}

const SAMPLE_PATHS = [
  "",
  "/",
  "//",
  "/browse",
  "/browse/",
  "/BROWSE",
  "/browse//",
  "/browse/extra",
  "/pricing",
  "/signup",
  "/login",
  "/auth/magic",
  "/auth",
  "/saved",
  "/account",
  "/account/",
  "/billing/portal/bps_123",
  "/billing/portal",
  "/account/email/confirm",
  "/account/email/undo",
  "/account/not-me",
  "/account/email",
  "/account/sessions",
  "/subscribe",
  "/buyer",
  "/buyer/",
  "/buyer/dashboard",
  "/buyer/Dashboard/",
  "/buyer/0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f",
  "/buyer/anything%20at%20all",
  "/buyer/a/b",
  "/listings",
  "/listings/",
  "/listings/0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f",
  "/Listings/abc/",
  "/listings/anything%20at%20all",
  "/listings/a/b",
  "/buyer/listings/0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f/boost",
  "/buyer/listings/x/boost/",
  "/buyer/listings/boost",
  "/buyer/listings/x/y/boost",
  "/publisher/dashboard",
  "/publisher/onboarding",
  "/publisher/profile",
  "/publisher/no-such-page",
  "/admin",
  "/admin/dashboard",
  "/admin/publishers",
  "/admin/buyers",
  "/admin/users",
  "/admin/audit",
  "/admin/audit/1",
  "/admin/mail",
  "/dev/webhooks",
  "/dev/sms/",
  "/dev",
  "/privacy-policy",
  "/terms-of-service",
  "/no-such-page",
  "/browse.",
  "/bro.se",
];

describe("the shared route list", () => {
  it("matches every sample path exactly as wouter's router does", () => {
    for (const path of SAMPLE_PATHS) {
      expect(matchClientRoute(path)?.path ?? NO_ROUTE, path).toBe(wouterRoute(path));
    }
  });

  it("matches each route's own pattern, with a value for each parameter", () => {
    for (const route of CLIENT_ROUTES) {
      const path = route.path.replace(/:\w+/g, "some-id");
      expect(matchClientRoute(path), route.path).toBe(route);
      expect(matchClientRoute(`${path}?a=1#top`), route.path).toBe(route);
    }
  });

  it("builds links that reach their route (the boost page, linked from the app and from mail)", () => {
    expect(matchClientRoute(boostPagePath("0b6f0b5c-7d3e-4c55-9b7e-1a2b3c4d5e6f"))?.path).toBe(
      "/buyer/listings/:id/boost",
    );
  });

  it("lists each path once, in an order where no route hides a later one", () => {
    const paths = CLIENT_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/saved");
  });

  it("titles pages with the app name", () => {
    expect(formatDocumentTitle("Browse Buyers", "PayPerCall Hub")).toBe("Browse Buyers · PayPerCall Hub");
    expect(formatDocumentTitle(null, "Call Market")).toBe("Call Market");
  });
});
