import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activityEntrySchema,
  createPublisherProfileSchema,
  publisherDashboardSchema,
  publisherProfileSchema,
  updatePublisherProfileSchema,
  verifyDomainInputSchema,
  verifyDomainResultSchema,
} from "../../../shared/schemas/publisher";
import { complianceInputSchema, complianceRecordSchema } from "../../../shared/schemas/publisher-compliance";
import { idParams } from "../../lib/ids";
import { domainCheckFetchOptions } from "../../lib/site-fetch";
import { withViewer } from "../../plugins/access-guard";
import { errorResponses } from "../../plugins/errors";
import { answersArePrivate } from "../../plugins/security";
import { getLatestCompliance, submitCompliance } from "./compliance";
import { verifyDomain } from "./domain-verification";
import { getPublisherDashboard, listPublisherActivity } from "./publisher-activity";
import { createPublisherProfile, getPublisherProfile, updatePublisherProfile } from "./publisher-profile";

const SIGNED_IN = { access: "signedIn" } as const;

/** The publisher journey's API (docs/publishers.md). Every route acts on the session's own user. */
export async function publisherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Profiles, compliance records and activity are personal.
  answersArePrivate(app);

  app.get(
    "/api/publisher-profile",
    {
      config: SIGNED_IN,
      schema: { response: { 200: publisherProfileSchema.nullable(), ...errorResponses } },
    },
    withViewer(async (_req, _reply, viewer) => getPublisherProfile({ db: app.db, viewer })),
  );

  app.post(
    "/api/publisher-profile",
    {
      config: SIGNED_IN,
      schema: {
        body: createPublisherProfileSchema,
        response: { 201: publisherProfileSchema, ...errorResponses },
      },
    },
    withViewer(async (req, reply, viewer) => {
      const profile = await createPublisherProfile({ db: app.db, viewer, input: req.body });
      return reply.code(201).send(profile);
    }),
  );

  app.put(
    "/api/publisher-profile/:id",
    {
      config: SIGNED_IN,
      schema: {
        params: idParams,
        body: updatePublisherProfileSchema,
        response: { 200: publisherProfileSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      updatePublisherProfile({ db: app.db, viewer, profileId: req.params.id, input: req.body }),
    ),
  );

  app.post(
    "/api/publisher-profile/verify-domain",
    {
      config: SIGNED_IN,
      schema: {
        body: verifyDomainInputSchema,
        response: { 200: verifyDomainResultSchema, ...errorResponses },
      },
    },
    withViewer(async (req, _reply, viewer) =>
      verifyDomain({
        db: app.db,
        viewer,
        website: req.body.website,
        fetchOptions: domainCheckFetchOptions(app.config),
      }),
    ),
  );

  app.get(
    "/api/publisher-profile/activity",
    { config: SIGNED_IN, schema: { response: { 200: z.array(activityEntrySchema), ...errorResponses } } },
    withViewer(async (_req, _reply, viewer) => listPublisherActivity({ db: app.db, viewer })),
  );

  app.post(
    "/api/compliance",
    {
      config: SIGNED_IN,
      schema: { body: complianceInputSchema, response: { 201: complianceRecordSchema, ...errorResponses } },
    },
    withViewer(async (req, reply, viewer) => {
      const record = await submitCompliance({
        db: app.db,
        viewer,
        input: req.body,
        ip: req.ip,
        userAgent: req.headers["user-agent"],
      });
      return reply.code(201).send(record);
    }),
  );

  app.get(
    "/api/compliance",
    {
      config: SIGNED_IN,
      schema: { response: { 200: complianceRecordSchema.nullable(), ...errorResponses } },
    },
    withViewer(async (_req, _reply, viewer) => getLatestCompliance({ db: app.db, viewer })),
  );

  app.get(
    "/api/publisher-dashboard",
    { config: SIGNED_IN, schema: { response: { 200: publisherDashboardSchema, ...errorResponses } } },
    withViewer(async () => getPublisherDashboard({ db: app.db })),
  );
}
