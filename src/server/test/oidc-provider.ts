import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestAccount {
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

/**
 * A real OpenID Provider (oidc-provider) on loopback. Its login and consent steps are answered
 * automatically for `account`, so a test can follow the redirects without a browser.
 */
export async function startOidcProvider({
  redirectUri,
  account,
}: {
  redirectUri: string;
  account: TestAccount;
}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "payper-call-hub";
  const clientSecret = "test-client-secret-0123456789";

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        application_type: "native", // lets the redirect URI be http://localhost
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: account.email,
        email_verified: account.emailVerified ?? true,
        given_name: account.givenName,
        family_name: account.familyName,
      }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ["test-cookie-key-0123456789"] },
  });
  provider.proxy = false;

  const callback = provider.callback();
  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    // Auto-complete login, then consent, for the one test account.
    const details = await provider.interactionDetails(req, res);
    const accountId = "account-1";
    if (details.prompt.name === "login") {
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    }
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope("openid email profile");
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Follows the provider's redirects (keeping its cookies) until it sends the browser back to us. */
export async function followToCallback(startUrl: string, callbackPrefix: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(callbackPrefix)) return url;
    const res = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...rest] = pair!.split("=");
      cookies.set(name!.trim(), rest.join("="));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects");
}
