import { useMutation } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { DEFAULT_APP_NAME } from "../../shared/constants";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { rememberSignedIn } from "../features/auth/signed-in-hint";
import { usePublicConfig } from "../features/config/use-public-config";
import { apiRequest, errorMessage } from "../lib/api";

// The link opens this page and a person presses the button: mail scanners that follow links must not
// use up the token, which works only once.
export default function MagicLinkPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { data: config } = usePublicConfig();
  const verify = useMutation({
    mutationFn: () => apiRequest<{ returnTo: string }>("POST", "/api/auth/magic-link/verify", { token }),
    onSuccess: ({ returnTo }) => {
      // The next page is a signed-in viewer's: the browser draws it (signed-in-hint.ts).
      rememberSignedIn(true);
      window.location.assign(returnTo);
    },
  });

  return (
    <main className="flex min-h-[80vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">
            <span className="text-2xl">Sign in to {config?.appName ?? DEFAULT_APP_NAME}</span>
          </CardTitle>
          <CardDescription>Press the button to finish signing in on this device.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {token ? (
            <Button
              className="w-full"
              onClick={() => verify.mutate()}
              disabled={verify.isPending || verify.isSuccess}
            >
              {verify.isPending || verify.isSuccess ? "Signing in..." : "Sign in"}
            </Button>
          ) : (
            <p role="alert" className="text-sm text-red-700">
              This sign-in link is incomplete. Open the link from your email again.
            </p>
          )}
          {verify.isError && (
            <div role="alert" className="space-y-2 text-sm text-red-700">
              <p>{errorMessage(verify.error)}</p>
              <Link href="/login" className="font-medium text-brand-600 underline">
                Request a new link
              </Link>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
