// Logout as a navigation that another site cannot trigger: see auth.routes.ts.

/**
 * True for a navigation our own pages started: the browser's Sec-Fetch-Site says same-origin, or,
 * from a browser that does not send it, the Referer is on our origin.
 */
export function isSameOriginNavigation(
  headers: Record<string, string | string[] | undefined>,
  siteOrigins: string[],
): boolean {
  const site = headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  const referer = headers.referer;
  if (typeof referer !== "string") return false;
  try {
    return siteOrigins.includes(new URL(referer).origin);
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const LOGOUT_CONFIRM_HEADING = "Log out?";

/** The page a logout from elsewhere lands on: one button that POSTs, one link back. No script. */
export function logoutConfirmPage(appName: string): string {
  const name = escapeHtml(appName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log out - ${name}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;max-width:24rem;margin:1rem}
h1{font-size:1.25rem;margin:0 0 .5rem}
p{margin:0 0 1.5rem;color:#475569}
.actions{display:flex;gap:1rem;align-items:center}
button{font:inherit;background:#2563eb;color:#fff;border:0;border-radius:8px;padding:.6rem 1.2rem;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>${LOGOUT_CONFIRM_HEADING}</h1>
<p>Do you want to log out of ${name}?</p>
<div class="actions">
<form method="post" action="/api/logout"><button type="submit">Log out</button></form>
<a href="/">Stay signed in</a>
</div>
</main>
</body>
</html>
`;
}
