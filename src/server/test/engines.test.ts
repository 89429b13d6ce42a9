import { describe, expect, it } from "vitest";
import config from "../../../vitest.config";
import { planEngines, postgresBinDir } from "./engines";

// Which engines a run's server tests get, per machine: the PostgreSQL-only process tests must run where a
// PostgreSQL server can be had, and a run without one must say that they are skipped.

const URL_GIVEN = "postgres://postgres@db.example:5432/postgres";
const installed = () => "/usr/lib/postgresql/17/bin";
const missing = () => undefined;

describe("planEngines", () => {
  it("runs PostgreSQL on TEST_DATABASE_URL's server when it is set, without looking for binaries", () => {
    let looked = 0;
    const plan = planEngines({ TEST_DATABASE_URL: URL_GIVEN }, () => {
      looked++;
      return undefined;
    });
    expect(plan).toEqual({ engines: ["pglite", "postgres"], postgres: { url: URL_GIVEN } });
    expect(looked).toBe(0);
  });

  it("starts a throwaway server when TEST_DATABASE_URL is unset and the server binaries are installed", () => {
    expect(planEngines({}, installed)).toEqual({ engines: ["pglite", "postgres"], postgres: "throwaway" });
    expect(planEngines({ TEST_DATABASE_URL: "" }, installed)).toEqual({
      engines: ["pglite", "postgres"],
      postgres: "throwaway",
    });
  });

  it("runs PGlite alone without either, and says in one line what is skipped and how to run it", () => {
    const plan = planEngines({}, missing);
    expect(plan.engines).toEqual(["pglite"]);
    expect(plan.postgres).toBeUndefined();
    expect(plan.skipped).toMatch(/PostgreSQL-only process tests are skipped/);
    expect(plan.skipped).toContain("set TEST_DATABASE_URL");
    expect(plan.skipped).toContain("install the PostgreSQL server package");
    expect(plan.skipped).not.toContain("\n");
  });

  it("runs PGlite alone with TEST_POSTGRES=off, whatever else is there, and says so", () => {
    for (const env of [{ TEST_POSTGRES: "off" }, { TEST_POSTGRES: "off", TEST_DATABASE_URL: URL_GIVEN }]) {
      const plan = planEngines(env, installed);
      expect(plan.engines).toEqual(["pglite"]);
      expect(plan.postgres).toBeUndefined();
      expect(plan.skipped).toMatch(/^TEST_POSTGRES=off: .*PostgreSQL-only process tests are skipped/);
    }
  });
});

describe("vitest.config.ts", () => {
  it("has one server project per engine planned for this machine and this run's environment", () => {
    const names = (config.test?.projects ?? []).map((project) =>
      typeof project === "object" && "test" in project ? project.test?.name : undefined,
    );
    const { engines } = planEngines(process.env, postgresBinDir);
    expect(names.filter((name) => name === "pglite" || name === "postgres")).toEqual(engines);
  });
});
