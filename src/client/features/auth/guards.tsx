import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { MESSAGES } from "../../../shared/constants";
import { toast } from "../../components/ui/use-toast";
import { AUTH_REDIRECT_DELAY_MS } from "../../lib/ui-constants";
import { handleUnauthorized } from "./redirect-to-login";
import { useAuth } from "./use-auth";

/**
 * What a guard shows in the moment before it sends the user on. `data-redirecting` marks a page that
 * leaves by itself: the browser tests judge the page the user lands on, not this one.
 */
function RedirectNotice({ title, message }: { title: string; message: string }) {
  return (
    <main id="main" data-redirecting className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p role="status" className="mt-2 text-slate-600">
        {message}
      </p>
    </main>
  );
}

function SendToLogin() {
  useEffect(handleUnauthorized, []);
  return <RedirectNotice title={MESSAGES.unauthorized} message={MESSAGES.loggedOut} />;
}

/** Signed-in routes: a signed-out visitor gets the "Unauthorized" toast and the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? children : <SendToLogin />;
}

function SendHome() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({ title: MESSAGES.accessDenied, description: MESSAGES.adminRequired, variant: "destructive" });
    const timer = setTimeout(() => navigate("/", { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <RedirectNotice title={MESSAGES.accessDenied} message={MESSAGES.adminRequired} />;
}

/**
 * Admin routes exist only for admins: anyone else signed in is told so and sent to / after
 * 500 ms. Signed-out visitors are sent to log in instead, since an admin may simply have been logged
 * out. The server enforces the same rule on every admin call.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <SendToLogin />;
  return user.role === "admin" ? children : <SendHome />;
}
