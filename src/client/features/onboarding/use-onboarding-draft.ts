import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { OnboardingSide } from "../../../shared/constants";
import type { OnboardingDraft, SaveOnboardingDraft } from "../../../shared/schemas/onboarding";
import { apiRequest } from "../../lib/api";

// The onboarding wizards' drafts, kept on the server (the only module that knows their URL): a wizard
// reads its draft once when it opens and saves it as the person goes, so a reload or another browser
// continues at the same step with the same fields.

/** How long typing may pause before the draft is saved; moving between steps saves at once. */
const SAVE_DELAY_MS = 700;

const draftKey = (side: OnboardingSide) => ["/api/onboarding", side, "draft"] as const;

/** GET /api/onboarding/{side}/draft: step 1 and no fields when nothing is saved. */
export function useOnboardingDraft(side: OnboardingSide, enabled = true) {
  return useQuery<OnboardingDraft>({ queryKey: draftKey(side), enabled });
}

interface DraftSaver {
  /** Saves now (a step was left), replacing any save still waiting. */
  saveNow(draft: SaveOnboardingDraft): void;
  /** Saves once the typing pauses. */
  saveSoon(draft: SaveOnboardingDraft): void;
  /** Drops a waiting save and resolves once the one on its way has landed: call before the profile is created. */
  settle(): Promise<void>;
}

/**
 * Saves one side's draft as the wizard goes. A failed save is not the person's problem (the wizard
 * works on without it, and the next save carries everything), so it is not reported. The cached draft
 * follows each save, so leaving the page and coming back within the session shows the latest.
 */
export function useDraftSaver(side: OnboardingSide): DraftSaver {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: (draft: SaveOnboardingDraft) =>
      apiRequest<OnboardingDraft>("PUT", `/api/onboarding/${side}/draft`, draft),
    onSuccess: (saved) => queryClient.setQueryData(draftKey(side), saved),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const send = useCallback(
    (draft: SaveOnboardingDraft) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      // One after another, so an older save can never land after a newer one.
      inFlight.current = inFlight.current.then(() => mutateAsync(draft).catch(() => undefined));
    },
    [mutateAsync],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return useMemo(
    () => ({
      saveNow: send,
      saveSoon(draft) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => send(draft), SAVE_DELAY_MS);
      },
      async settle() {
        clearTimeout(timer.current);
        timer.current = undefined;
        await inFlight.current;
      },
    }),
    [send],
  );
}
