import { Controller } from "react-hook-form";
import { Link, useSearch } from "wouter";
import { ONBOARDING_PATHS, type OnboardingSide } from "../../shared/constants";
import { signupSchema } from "../../shared/schemas/auth";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../components/ui/card";
import { Checkbox } from "../components/ui/checkbox";
import { FormAlert } from "../components/ui/form-alert";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { MagicLinkSent } from "../features/auth/magic-link-sent";
import { LOGIN_PATH } from "../features/auth/redirect-to-login";
import { useRequestMagicLink } from "../features/auth/use-magic-link";
import { usePublicConfig } from "../features/config/use-public-config";
import { errorMessage } from "../lib/api";
import { SIGNUP_EMAIL_STORAGE_KEY } from "../lib/ui-constants";
import { useZodForm } from "../lib/use-zod-form";

const SIDES: { value: OnboardingSide; label: string; description: string }[] = [
  {
    value: "publisher",
    label: "I generate calls (publisher)",
    description: "Find buyers for your calls and leads, compare payouts and reach out.",
  },
  {
    value: "buyer",
    label: "I buy calls (buyer)",
    description: "List your buyer offer so publishers can find you and send you calls.",
  },
];

/** `?side=buyer` (the "List your buyer offer" links) chooses the buyer side; anything else the publisher's. */
function sideFromSearch(search: string): OnboardingSide {
  return new URLSearchParams(search).get("side") === "buyer" ? "buyer" : "publisher";
}

function rememberEmail(email: string): void {
  try {
    localStorage.setItem(SIGNUP_EMAIL_STORAGE_KEY, email);
  } catch {
    // Storage can be disabled; the sign-in page then simply starts empty.
  }
}

// Signup: the email is kept in local storage under SIGNUP_EMAIL_STORAGE_KEY (the sign-in page pre-fills
// it from there). The account itself is made at sign-in, so with the built-in email sign-in this page
// sends the link at once (the sign-in page's endpoint and rate limits) instead of making the visitor ask
// twice; with an OIDC provider, or before the configuration has loaded, it hands over to /api/login.
// Either way the side chosen travels as the sign-in's return path, so the new account lands in the
// matching onboarding (the server keeps it to a path on this site).
export default function SignupPage() {
  const { data: config } = usePublicConfig();
  const sendLink = useRequestMagicLink();
  const search = useSearch();
  const form = useZodForm(signupSchema, {
    defaultValues: { side: sideFromSearch(search), email: "", acceptedTerms: false },
  });
  // The button stays disabled until both are filled.
  const [email, acceptedTerms] = form.watch(["email", "acceptedTerms"]);
  const canSubmit = email.trim() !== "" && acceptedTerms;

  const createAccount = form.handleSubmit((values) => {
    rememberEmail(values.email);
    const returnTo = ONBOARDING_PATHS[values.side];
    if (config?.signInMethod === "magic-link") sendLink.mutate({ email: values.email, returnTo });
    else window.location.href = `${LOGIN_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
  });

  const startOver = () => {
    sendLink.reset();
    // The form comes back with its values; put the cursor where the change is.
    setTimeout(() => form.setFocus("email", { shouldSelect: true }), 0);
  };

  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold">Create your free account</h1>
          <CardDescription>
            {config?.appName ? `Join ${config.appName} and` : "Join and"} start browsing verified call buyers
            today, or list your own buyer offer.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {sendLink.isSuccess ? (
            <MagicLinkSent
              heading="Check your inbox"
              message={sendLink.data.message}
              onUseAnotherEmail={startOver}
            >
              <p className="text-sm">
                Sent to <strong className="break-all">{sendLink.variables.email}</strong>: open the link to
                finish creating your account.
              </p>
            </MagicLinkSent>
          ) : (
            <form noValidate className="space-y-5" onSubmit={createAccount}>
              <fieldset className="space-y-3">
                <legend className="text-sm font-medium text-slate-800">What do you do?</legend>
                {SIDES.map((side) => (
                  <label
                    key={side.value}
                    className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      value={side.value}
                      aria-describedby={`signup-side-${side.value}-hint`}
                      className="mt-1 h-4 w-4 accent-brand-600"
                      {...form.register("side")}
                    />
                    <span>
                      <span className="block font-medium">{side.label}</span>
                      <span id={`signup-side-${side.value}-hint`} className="block text-sm text-slate-600">
                        {side.description}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <FormField id="signup-email" label="Work email" error={form.formState.errors.email?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    autoComplete="email"
                    placeholder="you@company.com"
                    {...form.register("email")}
                  />
                )}
              </FormField>
              <div className="flex items-start gap-3">
                <Controller
                  control={form.control}
                  name="acceptedTerms"
                  render={({ field }) => (
                    <Checkbox
                      id="signup-terms"
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                      className="mt-0.5"
                    />
                  )}
                />
                <Label htmlFor="signup-terms" className="font-normal leading-6">
                  I agree to the{" "}
                  <Link href="/terms-of-service" className="font-medium text-brand-600 underline">
                    Terms of Service
                  </Link>{" "}
                  and{" "}
                  <Link href="/privacy-policy" className="font-medium text-brand-600 underline">
                    Privacy Policy
                  </Link>
                </Label>
              </div>
              <FormAlert>{sendLink.isError && errorMessage(sendLink.error)}</FormAlert>
              <Button type="submit" className="w-full" disabled={!canSubmit || sendLink.isPending}>
                {sendLink.isPending ? "Sending your sign-in link..." : "Create Free Account"}
              </Button>
            </form>
          )}
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-700">
          <span>
            Already have an account?{" "}
            <a href={LOGIN_PATH} className="font-medium text-brand-600 underline">
              Sign In
            </a>
          </span>
        </CardFooter>
      </Card>
    </main>
  );
}
