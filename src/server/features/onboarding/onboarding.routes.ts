import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ONBOARDING_DRAFT_LIMITS,
  onboardingDraftSchema,
  onboardingSideParams,
  saveOnboardingDraftSchema,
} from "../../../shared/schemas/onboarding";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { getOnboardingDraft, saveOnboardingDraft } from "./onboarding-drafts";

const SIGNED_IN = { access: "signedIn" } as const;
/** The draft's own limit is checked on its fields; the body around them gets a little room more. */
const DRAFT_BODY_LIMIT = ONBOARDING_DRAFT_LIMITS.maxBytes + 1024;

/** The onboarding wizards' drafts (docs/buyers.md, docs/publishers.md): the session's own only. */
export async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // What a person typed about their company.
  answersArePrivate(app);

  app.get(
    "/api/onboarding/:side/draft",
    {
      config: SIGNED_IN,
      schema: { params: onboardingSideParams, response: { 200: onboardingDraftSchema, ...errorResponses } },
    },
    withViewer(async (req, _reply, viewer) =>
      getOnboardingDraft({ db: app.db, viewer, side: req.params.side }),
    ),
  );

  app.put(
    "/api/onboarding/:side/draft",
    {
      config: SIGNED_IN,
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: {
        params: onboardingSideParams,
        body: saveOnboardingDraftSchema,
        response: { 200: onboardingDraftSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      saveOnboardingDraft({ db: app.db, viewer, side: req.params.side, draft: req.body }),
    ),
  );
}
