import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// `npm run db:seed` loads the demo accounts, whose sign-in is one click in development: it refuses a
// production configuration before it opens any database (README.md, "Other commands").

describe("npm run db:seed", () => {
  it("refuses in production and touches no database", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH,
        APP_ENV: "production",
        // Nothing listens on port 1: a connection attempt would fail with another message.
        DATABASE_URL: "postgres://hub@127.0.0.1:1/hub",
        SESSION_SECRET: "s".repeat(40),
        APP_URL: "https://hub.example.com",
        SMTP_URL: "smtp://mail.example.com:587",
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe("Refusing to seed demo data with APP_ENV=production.");
    expect(run.stdout).not.toContain("seeded");
  }, 30_000);
});
