import type { FastifyReply, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/schemas/auth";
import { getCurrentUser, toViewer, type Viewer } from "../features/users/users.service";
import { AppError } from "../lib/app-error";

// The signed-in user is read from the session's user id, once per request, and cached on the request.
const currentUserKey = Symbol("currentUser");
type WithCache = FastifyRequest & { [currentUserKey]?: Promise<CurrentUser | null> };

export function loadCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const req = request as WithCache;
  if (!req[currentUserKey]) {
    const userId = request.session?.userId;
    req[currentUserKey] = userId ? getCurrentUser({ db: request.server.db, userId }) : Promise.resolve(null);
  }
  return req[currentUserKey];
}

export async function getViewer(request: FastifyRequest): Promise<Viewer | null> {
  return toViewer(await loadCurrentUser(request));
}

/** For routes that need a signed-in user: 401 {"message":"Unauthorized"} otherwise (SPEC §8). */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw new AppError("unauthorized", "Unauthorized");
  return viewer;
}

export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (viewer.role !== "admin") throw new AppError("admin_required", "Administrator access required.");
  return viewer;
}

/** preHandler guards, for route declarations that read like a table of contents. */
export const signedIn = async (request: FastifyRequest, _reply: FastifyReply) => {
  await requireViewer(request);
};
export const adminOnly = async (request: FastifyRequest, _reply: FastifyReply) => {
  await requireAdmin(request);
};
