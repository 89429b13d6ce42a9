import fastifyCookie from "@fastify/cookie";
import fastifySession, { type FastifySessionObject, type SessionStore } from "@fastify/session";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SignInMethod } from "../../shared/constants";
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
// "Last seen" on the Account page: a minute is precise enough, and caps the writes at one a minute per
// session however busy it is.
const LAST_SEEN_EVERY_MS = 60 * 1000;
/** Browsers send a few hundred characters; anything longer is junk we need not keep whole. */
const USER_AGENT_MAX = 512;

type StoredSession = Parameters<SessionStore["set"]>[1];

/** The parts of a session that live in columns or in the request, never in the stored `sess` json. */
const TRANSIENT_KEYS = ["loadedViewer", "lastSeenAt", "signIn"] as const;

/** The sessions table as an @fastify/session store: server-side rows, so logout really ends a session. */
function createSessionStore(db: Db): SessionStore {
  return {
    set(sid, stored, callback) {
      // What the plugin hands over is the request's whole session object.
      const session = stored as FastifySessionObject;
      const idleEnd = session.cookie.expires
        ? new Date(session.cookie.expires).getTime()
        : Date.now() + SESSION_IDLE_MS;
      // The row never outlives the absolute timeout either: "expire > now" is what counts as a live
      // session everywhere (the Account page's list, the admin's count, the housekeeping sweep).
      const absoluteEnd = session.signedInAt
        ? session.signedInAt + SESSION_ABSOLUTE_MS
        : Number.POSITIVE_INFINITY;
      const expire = new Date(Math.min(idleEnd, absoluteEnd));
      const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      for (const key of TRANSIENT_KEYS) delete sess[key];
      // A session read from its row this request is only ever updated: had it been revoked meanwhile (by
      // another request, on any instance), an upsert would bring it back to life.
      if (session.loadedViewer !== undefined) {
        db.update(sessions)
          .set({ sess, expire })
          .where(eq(sessions.sid, sid))
          .then(() => callback(), callback);
        return;
      }
      // A new session id (regenerate() stores it empty at once, then the sign-in saves it again): its
      // user and the sign-in's facts go into the row's columns here.
      const userId = session.userId ?? null;
      const signIn = session.signIn;
      const facts = signIn
        ? {
            signInMethod: signIn.method,
            ip: signIn.ip,
            userAgent: signIn.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
            lastSeenAt: sql`now()`,
          }
        : {};
      db.insert(sessions)
        .values({ sid, sess, expire, userId, ...facts })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId, ...facts } })
        .then(() => callback(), callback);
    },
    // The row and its signed-in user in one query; the user rides along as `loadedViewer`, which the
    // access guard takes as the request's viewer (plugins/access-guard.ts), and the row's last_seen_at
    // as `lastSeenAt`, which the hook below compares.
    get(sid, callback) {
      readSessionWithUser(db, sid).then((row) => {
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        const loaded = { ...row.sess, loadedViewer: row.user, lastSeenAt: row.lastSeenAt?.getTime() ?? null };
        callback(null, loaded as unknown as StoredSession);
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
    // One small write at most a minute, straight to the column: `lastSeenAt` itself is left as read,
    // so this alone never makes the session "modified" (which would rewrite the whole row).
    const lastSeenAt = session.lastSeenAt;
    if (lastSeenAt !== undefined && (lastSeenAt === null || now - lastSeenAt > LAST_SEEN_EVERY_MS)) {
      await app.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.sid, session.sessionId));
    }
  });
}

/**
 * Starts a signed-in session under a new id, so a sid planted before login is worthless (fixation). The
 * row records how, from where and with what browser (the Account page's list of sessions).
 */
export async function startUserSession(
  request: FastifyRequest,
  userId: string,
  method: SignInMethod,
): Promise<void> {
  await request.session.regenerate();
  // Expired rows are left to the hourly housekeeping job (features/housekeeping), not swept here.
  const now = Date.now();
  request.session.userId = userId;
  request.session.signedInAt = now;
  request.session.touchedAt = now;
  request.session.signIn = {
    method,
    ip: request.ip || null,
    userAgent: request.headers["user-agent"] ?? null,
  };
}

/** Deletes the session row and clears the cookie (also the one sessions had before SESSION_COOKIE_PATH). */
export async function endUserSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session?.sessionId) await request.session.destroy();
  for (const path of [SESSION_COOKIE_PATH, "/"]) reply.clearCookie(SESSION_COOKIE, { path });
}
