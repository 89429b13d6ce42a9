import * as client from "openid-client";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { auditLogs } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { findOrCreateUserByEmail } from "./accounts";

/** Where the provider sends the browser back (register APP_URL + this path as the redirect URI). */
export const OIDC_CALLBACK_PATH = "/api/callback";

type OidcSettings = NonNullable<AppConfig["oidc"]>;

// Discovery is done once per process and reused.
const configurations = new Map<string, Promise<client.Configuration>>();

function getOidcConfiguration(oidc: OidcSettings): Promise<client.Configuration> {
  const key = `${oidc.issuerUrl}|${oidc.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    const issuer = new URL(oidc.issuerUrl);
    // Plain http is tolerated only for a provider on this machine (tests, local development).
    const isLoopback = ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
    found = client.discovery(
      issuer,
      oidc.clientId,
      oidc.clientSecret,
      undefined,
      isLoopback && issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

interface OidcStart {
  url: string;
  state: { state: string; nonce: string; codeVerifier: string; returnTo: string };
}

/** Builds the provider URL for the authorization-code flow with PKCE, state and nonce. */
export async function startOidcLogin({
  oidc,
  appUrl,
  returnTo,
}: {
  oidc: OidcSettings;
  appUrl: string;
  returnTo: string;
}): Promise<OidcStart> {
  const configuration = await getOidcConfiguration(oidc);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: `${appUrl}${OIDC_CALLBACK_PATH}`,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, state: { state, nonce, codeVerifier, returnTo } };
}

/** Exchanges the code; any mismatch (state, nonce, PKCE) throws and no session is made. */
export async function finishOidcLogin({
  db,
  oidc,
  adminEmails,
  callbackUrl,
  expected,
}: {
  db: Db;
  oidc: OidcSettings;
  adminEmails: string[];
  callbackUrl: URL;
  expected: { state: string; nonce: string; codeVerifier: string } | undefined;
}): Promise<{ userId: string }> {
  if (!expected) throw new AppError("validation", "Sign-in session expired. Please try again.");
  const configuration = await getOidcConfiguration(oidc);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    claims = idClaims;
    // Many providers put email only in UserInfo (scope claims); ask there when the ID token lacks it.
    if (idClaims && typeof idClaims.email !== "string") {
      claims = {
        ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)),
        ...idClaims,
      };
    }
  } catch {
    throw new AppError("validation", "Sign-in failed. Please try again.");
  }
  const email = typeof claims?.email === "string" ? claims.email : undefined;
  // Accounts are matched by email, so only an address the provider has verified may sign in.
  if (!email || claims?.email_verified !== true) {
    throw new AppError("forbidden", "Your identity provider did not confirm your email address.");
  }
  const user = await findOrCreateUserByEmail({
    db,
    email,
    adminEmails,
    profile: {
      firstName: typeof claims?.given_name === "string" ? claims.given_name : null,
      lastName: typeof claims?.family_name === "string" ? claims.family_name : null,
      profileImageUrl: typeof claims?.picture === "string" ? claims.picture : null,
    },
  });
  await db.insert(auditLogs).values({ userId: user.id, action: "auth.login", metaJson: { method: "oidc" } });
  return { userId: user.id };
}
