import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { watchSessionExpiry } from "./session-expiry";

const unauthorized = () =>
  new ApiError(401, "Unauthorized", JSON.stringify({ message: "Unauthorized", code: "unauthorized" }));
const serverError = () =>
  new ApiError(500, "Internal Server Error", JSON.stringify({ message: "Boom", code: "internal" }));

describe("session expiry", () => {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onUnauthorized = vi.fn();
  const stop = watchSessionExpiry(client, onUnauthorized);
  afterEach(() => {
    onUnauthorized.mockClear();
    client.clear();
  });

  const mutate = (error: Error) =>
    client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(error) })
      .execute(undefined)
      .catch(() => undefined);

  it("reacts to a 401 from a mutation", async () => {
    await mutate(unauthorized());
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("reacts to a 401 from a query", async () => {
    await client
      .fetchQuery({ queryKey: ["/api/protected"], queryFn: () => Promise.reject(unauthorized()) })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("ignores other errors", async () => {
    await mutate(serverError());
    await client
      .fetchQuery({ queryKey: ["/api/x"], queryFn: () => Promise.reject(new Error("network down")) })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("stops watching when asked", async () => {
    stop();
    await mutate(unauthorized());
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
