import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { z } from "zod";

describe("zod in the browser", () => {
  it("runs jitless, so it never probes eval under the Content-Security-Policy", () => {
    expect(z.config().jitless).toBe(true);
  });
});
