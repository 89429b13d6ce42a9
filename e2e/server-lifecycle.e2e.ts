import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startServer } from "./support/server";

describe("server process", () => {
  it("runs npm start's server with no configuration (development), and on SIGTERM finishes an in-flight request, then exits 0", async () => {
    // What `npm start` runs after the build, with APP_ENV unset: the script says development, on the
    // embedded database. At info, the server logs the moment it starts shutting down.
    const server = await startServer(
      { APP_ENV: "", LOG_LEVEL: "info", DATABASE_URL: "" },
      { entry: "scripts/start.ts" },
    );
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { isDevelopment: boolean };
    expect(config.isDevelopment).toBe(true);
    expect((await fetch(`${server.url}/api/dev/accounts`)).status).toBe(200);

    const { port } = new URL(server.url);
    const body = JSON.stringify({ email: "inflight@example.test" });
    const socket = connect(Number(port), "127.0.0.1");
    let response = "";
    socket.on("data", (d) => {
      response += d.toString();
    });
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    // Headers and half the body. Node answers `Expect: 100-continue` once it has read the headers and
    // handed the request on: from then on the request is in flight.
    socket.write(
      `POST /api/auth/magic-link HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
    );
    await expect.poll(() => response, { timeout: 10_000 }).toBe("HTTP/1.1 100 Continue\r\n\r\n");
    const exit = server.stop("SIGTERM");
    await expect
      .poll(() => server.output().includes("shutting down: finishing in-flight requests"), {
        timeout: 10_000,
      })
      .toBe(true);
    socket.write(body.slice(10));
    const code = await exit;
    expect(response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 202 Accepted/);
    expect(code).toBe(0);
    socket.destroy();
  });

  it("refuses to start in production without the required settings, naming each", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        APP_ENV: "production",
        DATABASE_URL: "",
        SESSION_SECRET: "",
        APP_URL: "",
        SMTP_URL: "",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration:");
    for (const name of ["DATABASE_URL", "SESSION_SECRET", "APP_URL", "SMTP_URL"]) {
      expect(result.stderr).toContain(`- ${name} is required in production`);
    }
  });

  it("runs the server itself as production when APP_ENV is unset, so it refuses to start unconfigured", () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: "",
      SESSION_SECRET: "",
      APP_URL: "",
      SMTP_URL: "",
    };
    delete env.APP_ENV;
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("- DATABASE_URL is required in production");
  });

  it("refuses to seed demo data in production", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
      env: {
        ...process.env,
        APP_ENV: "production",
        DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
        SESSION_SECRET: "x".repeat(40),
        APP_URL: "https://hub.example",
        SMTP_URL: "smtp://127.0.0.1:1",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to seed demo data with APP_ENV=production.");
  });
});
