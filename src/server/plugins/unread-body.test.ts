import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../test/context";
import { createBuyer, createSignedInUser, type SignedInUser } from "../test/factories";

// An answer sent before the request's body was read (a refused upload) must not leave the connection
// holding the unread rest: the next request on that keep-alive connection would wait forever for an
// answer. Such an answer closes the connection. On a real socket: app.inject has no connections.

const ENGINE = process.env.TEST_DB_ENGINE;

/** Writes raw HTTP on one connection and collects what comes back. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  let closed = false;
  socket.on("data", (d) => {
    received += d.toString("latin1");
  });
  socket.on("close", () => {
    closed = true;
  });
  socket.on("error", () => {});
  return {
    socket,
    received: () => received,
    closed: () => closed,
    ready: new Promise<void>((resolve) => socket.on("connect", () => resolve())),
  };
}

describe.runIf(ENGINE === "pglite")("an answer before the body was read", () => {
  const ctx = useTestApp();
  let port = 0;
  let admin: SignedInUser;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it("closes the connection after refusing a large upload that is not UTF-8, so nothing waits on it", async () => {
    admin = await createSignedInUser(ctx, { role: "admin" });
    const { profile } = await createBuyer(ctx.database.db);
    const body = Buffer.alloc(2 * 1024 * 1024, 0x41);
    body[0] = 0xff;
    const conn = rawConnection(port);
    await conn.ready;
    conn.socket.write(
      [
        `POST /api/admin/buyer-listings/import-csv?buyerId=${profile.id} HTTP/1.1`,
        `Host: localhost:5000`,
        `Origin: http://localhost:5000`,
        `Cookie: ${admin.cookie}`,
        "Content-Type: text/csv",
        `Content-Length: ${body.length}`,
        "Connection: keep-alive",
        "",
        "",
      ].join("\r\n"),
    );
    conn.socket.write(body);
    await expect.poll(() => conn.received(), { timeout: 20_000 }).toMatch(/\r\n\r\n\{.*\}$/s);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(conn.received()).toContain("not UTF-8");
    expect(conn.received().toLowerCase()).toContain("connection: close");
    // The server closes its side: a client opens a new connection for its next request.
    await expect.poll(() => conn.closed(), { timeout: 20_000 }).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it("keeps the connection open when the refused body was read whole", async () => {
    const conn = rawConnection(port);
    await conn.ready;
    const body = JSON.stringify({ email: "not an email" });
    const request = [
      "POST /api/auth/magic-link HTTP/1.1",
      "Host: localhost:5000",
      "Origin: http://localhost:5000",
      "Content-Type: application/json",
      `Content-Length: ${body.length}`,
      "",
      body,
    ].join("\r\n");
    conn.socket.write(request);
    await expect.poll(() => conn.received(), { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 400 [\s\S]*\}$/);
    expect(conn.received().toLowerCase()).not.toContain("connection: close");
    conn.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost:5000\r\n\r\n");
    await expect.poll(() => conn.received(), { timeout: 10_000 }).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\}$/);
    expect(conn.received().toLowerCase()).not.toContain("connection: close");
    expect(conn.closed()).toBe(false);
    conn.socket.destroy();
  });
});
