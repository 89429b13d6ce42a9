import { describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { sessionCookie, useTestApp } from "../test/context";
import { sendQueuedMail } from "../test/factories";
import { withSmtpSink } from "../test/smtp-sink";

const { env, sink } = withSmtpSink({ extraEnv: { MAIL_FROM: "Hub <hub@example.test>" } });

describe("mail over real SMTP", () => {
  const ctx = useTestApp({ env });

  it("delivers the sign-in link by SMTP, and the link signs the user in", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: "smtp@example.test" },
    });
    expect(res.statusCode).toBe(202);
    await sendQueuedMail(ctx);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.from).toBe("hub@example.test");
    expect(mail.to).toEqual(["smtp@example.test"]);
    expect(mail.raw).toContain("Subject: Your PayPerCall Hub sign-in link");
    // Nothing lands in the development outbox when SMTP is configured.
    expect(await ctx.database.db.select().from(mailOutbox)).toHaveLength(0);

    // Quoted-printable may wrap the line: undo soft breaks before reading the token.
    const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = body.match(/token=([\w-]{43})/)?.[1];
    expect(token).toBeTruthy();
    const verified = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    const me = await ctx.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(verified) } });
    expect(me.json().email).toBe("smtp@example.test");
  });
});
