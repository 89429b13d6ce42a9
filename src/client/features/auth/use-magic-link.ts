import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { magicLinkRequestSchema } from "../../../shared/schemas/auth";
import { apiRequest } from "../../lib/api";

export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

/**
 * Emails a sign-in link (the built-in sign-in, docs/decisions/003-sign-in-and-sessions.md), which also
 * creates the account on first use. The answer's message is the same for known and unknown addresses;
 * the server rate-limits.
 */
export function useRequestMagicLink() {
  return useMutation({
    mutationFn: (request: MagicLinkRequest) =>
      apiRequest<{ message: string }>("POST", "/api/auth/magic-link", request),
  });
}
