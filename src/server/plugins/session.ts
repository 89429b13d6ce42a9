import fastifyCookie from "@fastify/cookie";
import fastifySession, { type SessionStore } from "@fastify/session";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { readSessionWithUser } from "../lib/viewer";

const SESSION_COOKIE = "ppc.sid";
/**
 * The cookie is sent to the API only, and only API requests read the session (@fastify/session skips
 * URLs outside the cookie's path): the page shell and static files never touch the database, so they
 * are served while it is down, and cost no query when it is up.
 */
const SESSION_COOKIE_PATH = "/api";
const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding the idle timeout writes the row; once an hour is enough and keeps reads cheap.
const TOUCH_EVERY_MS = 60 * 60 * 1000;

type StoredSession = Parameters<SessionStore["set"]>[1];

/** The sessions table as an @fastify/session store: server-side rows, so logout really ends a session. */
function createSessionStore(db: Db): SessionStore {
  return {
    set(sid, session, callback) {
      const expire = session.cookie.expires
        ? new Date(session.cookie.expires)
        : new Date(Date.now() + SESSION_IDLE_MS);
      const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      // Read with the row each request (see get), never stored: it would go stale.
      delete sess.loadedViewer;
      db.insert(sessions)
        .values({ sid, sess, expire })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
        .then(() => callback(), callback);
    },
    // The row and its signed-in user in one query; the user rides along as `loadedViewer`, which the
    // access guard takes as the request's viewer (features/auth/guard.ts).
    get(sid, callback) {
      readSessionWithUser(db, sid).then((row) => {
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        callback(null, { ...row.sess, loadedViewer: row.user } as unknown as StoredSession);
      }, callback);
    },
    destroy(sid, callback) {
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => callback(), callback);
    },
  };
}

export async function registerSessions(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: config.sessionSecret,
    cookieName: SESSION_COOKIE,
    store: createSessionStore(app.db),
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      path: SESSION_COOKIE_PATH,
      maxAge: SESSION_IDLE_MS,
    },
  });

  // Timeouts are applied in onRequest, right after the session is loaded, so the access guard that runs
  // next never sees an expired sign-in.
  app.addHook("onRequest", async (request) => {
    const session = request.session;
    if (!session?.userId) return;
    const now = Date.now();
    if (!session.signedInAt || now - session.signedInAt > SESSION_ABSOLUTE_MS) {
      await session.destroy();
      return;
    }
    if (!session.touchedAt || now - session.touchedAt > TOUCH_EVERY_MS) {
      session.touchedAt = now;
      session.touch();
    }
  });
}

/** Starts a signed-in session under a new id, so a sid planted before login is worthless (fixation). */
export async function startUserSession(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  // Expired rows are left to the hourly housekeeping job (features/housekeeping), not swept here.
  const now = Date.now();
  request.session.userId = userId;
  request.session.signedInAt = now;
  request.session.touchedAt = now;
}

/** Deletes the session row and clears the cookie (also the one sessions had before SESSION_COOKIE_PATH). */
export async function endUserSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session?.sessionId) await request.session.destroy();
  for (const path of [SESSION_COOKIE_PATH, "/"]) reply.clearCookie(SESSION_COOKIE, { path });
}
