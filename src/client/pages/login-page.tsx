import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearch } from "wouter";
import { DEFAULT_APP_NAME } from "../../shared/constants";
import { magicLinkRequestSchema, safeReturnTo } from "../../shared/schemas/auth";
import type { DemoAccount } from "../../shared/schemas/dev";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { FormAlert } from "../components/ui/form-alert";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { MagicLinkSent } from "../features/auth/magic-link-sent";
import { rememberSignedIn } from "../features/auth/signed-in-hint";
import { useRequestMagicLink } from "../features/auth/use-magic-link";
import { usePublicConfig } from "../features/config/use-public-config";
import { apiRequest, errorMessage } from "../lib/api";
import { SIGNUP_EMAIL_STORAGE_KEY } from "../lib/ui-constants";
import { useZodForm } from "../lib/use-zod-form";

function readStoredEmail(): string {
  try {
    return localStorage.getItem(SIGNUP_EMAIL_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

export default function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const returnTo = safeReturnTo(params.get("returnTo"));
  const { data: config } = usePublicConfig();
  const form = useZodForm(magicLinkRequestSchema, {
    defaultValues: { email: readStoredEmail(), returnTo },
  });
  const request = useRequestMagicLink();

  return (
    <main className="flex min-h-[80vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md space-y-6">
        <Card>
          <CardHeader>
            <CardTitle as="h1">
              <span className="text-2xl">Sign in to {config?.appName ?? DEFAULT_APP_NAME}</span>
            </CardTitle>
            <CardDescription>We email you a link that signs you in. No password needed.</CardDescription>
          </CardHeader>
          <CardContent>
            {request.isSuccess ? (
              <MagicLinkSent
                heading="Check your email"
                message={request.data.message}
                onUseAnotherEmail={() => request.reset()}
              />
            ) : (
              <form
                noValidate
                className="space-y-4"
                onSubmit={form.handleSubmit((values) => request.mutate(values))}
              >
                <FormField id="login-email" label="Work email" error={form.formState.errors.email?.message}>
                  {(control) => (
                    <Input {...control} type="email" autoComplete="email" {...form.register("email")} />
                  )}
                </FormField>
                <FormAlert>{request.isError && errorMessage(request.error)}</FormAlert>
                <Button type="submit" className="w-full" disabled={request.isPending}>
                  {request.isPending ? "Sending link..." : "Email me a sign-in link"}
                </Button>
              </form>
            )}
          </CardContent>
        </Card>
        {config?.isDevelopment && <DemoAccounts returnTo={returnTo} />}
      </div>
    </main>
  );
}

/** Development only (the server answers 404 elsewhere): one-click sign-in as a seeded demo account. */
function DemoAccounts({ returnTo }: { returnTo: string }) {
  const accounts = useQuery<DemoAccount[]>({ queryKey: ["/api/dev/accounts"] });
  const login = useMutation({
    mutationFn: (email: string) => apiRequest("POST", "/api/dev/login", { email }),
    onSuccess: () => {
      rememberSignedIn(true);
      window.location.assign(returnTo);
    },
  });
  if (!accounts.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Demo accounts</CardTitle>
        <CardDescription>Development only: sign in as a seeded user.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {accounts.data.map((a) => (
            <li key={a.email} className="flex items-center justify-between gap-2">
              {/* On a phone the address wraps, not the button's label. */}
              <span className="min-w-0 text-sm [overflow-wrap:anywhere]">
                <span className="font-medium">{a.email}</span>
                <span className="block text-slate-600">{a.description}</span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                onClick={() => login.mutate(a.email)}
                disabled={login.isPending}
                aria-label={`Sign in as ${a.email}`}
              >
                Sign in
              </Button>
            </li>
          ))}
        </ul>
        <FormAlert className="mt-2">{login.isError && errorMessage(login.error)}</FormAlert>
      </CardContent>
    </Card>
  );
}
