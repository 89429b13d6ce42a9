import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { browserOnlyPackages, browserPackages, importedPackages, serverPackages } from "./browser-packages";

// What ships to browsers is listed in `dependencies`, so that `npm audit --omit=dev` covers it, and the
// production image leaves out what only browsers need (docs/operations.md#what-ships-where).

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const manifest = () =>
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

describe("the packages the browser bundle ships", () => {
  let scratch = "";
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  const plant = (files: Record<string, string>) => {
    scratch = mkdtempSync(join(tmpdir(), "ppc-packages-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    return scratch;
  };

  it("are all in dependencies, none in devDependencies", () => {
    const { dependencies, devDependencies } = manifest();
    const browser = browserPackages(ROOT);
    // The app's own frame at least: a scan that found nothing would pass the checks below.
    expect(browser).toEqual(expect.arrayContaining(["react", "react-dom", "@tanstack/react-query", "zod"]));
    expect(browser.filter((name) => !(name in dependencies))).toEqual([]);
    expect(browser.filter((name) => name in devDependencies)).toEqual([]);
  });

  it("are found in every form of import, leaving out tests, their helpers and type-only imports", () => {
    const root = plant({
      "src/client/app.tsx": [
        'import { useState } from "react";',
        'import { createRoot } from "react-dom/client";',
        "import {\n  Dialog,\n  DialogContent,\n} from '@radix-ui/react-dialog';",
        'import "uplot/dist/uPlot.min.css";',
        'import type { Stripe } from "@stripe/stripe-js";',
        'export type { Route } from "type-only-package";',
        'export { Link } from "wouter";',
        'const chart = () => import("@scope/charts/lazy");',
        'import { local } from "./local";',
        'import { join } from "node:path";',
      ].join("\n"),
      "src/client/app.test.tsx": 'import { render } from "@testing-library/react";',
      "src/client/test/render.tsx": 'import { vi } from "vitest";',
      "src/shared/schemas.ts": 'import { z } from "zod";',
      "src/server/app.ts": 'import fastify from "fastify";\nimport { z } from "zod";',
      "scripts/migrate.ts": 'import { migrate } from "drizzle-orm/pglite/migrator";',
    });
    expect(browserPackages(root)).toEqual([
      "@radix-ui/react-dialog",
      "@scope/charts",
      "react",
      "react-dom",
      "uplot",
      "wouter",
      "zod",
    ]);
    expect(importedPackages(root, ["src/server"])).toEqual(["fastify", "zod"]);
    // zod is the server's too (src/shared is imported by both sides): the image keeps it.
    expect(browserOnlyPackages(root)).not.toContain("zod");
  });

  it("are left out of the server image, and nothing the server imports is", () => {
    const { dependencies } = manifest();
    scratch = mkdtempSync(join(tmpdir(), "ppc-image-"));
    writeFileSync(join(scratch, "package.json"), readFileSync(join(ROOT, "package.json")));
    for (const dir of ["src", "scripts"]) symlinkSync(join(ROOT, dir), join(scratch, dir));
    const tsx = join(ROOT, "node_modules/.bin/tsx");
    const run = spawnSync(tsx, [join(ROOT, "scripts/browser-packages.ts"), "--server-image"], {
      cwd: scratch,
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const kept = (
      JSON.parse(readFileSync(join(scratch, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      }
    ).dependencies;
    const leftOut = Object.keys(dependencies).filter((name) => !(name in kept));
    expect(leftOut).toEqual(browserOnlyPackages(ROOT));
    expect(leftOut).toEqual(expect.arrayContaining(["react", "react-dom", "lucide-react"]));
    expect(run.stdout).toContain("left out @hookform/resolvers");
    const server = serverPackages(ROOT).filter((name) => name in dependencies);
    expect(server.filter((name) => !(name in kept))).toEqual([]);
    expect(kept).toHaveProperty("zod");
    expect(kept).toHaveProperty("fastify");
  });
});
