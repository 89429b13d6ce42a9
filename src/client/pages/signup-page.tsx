import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { SIGNUP_EMAIL_STORAGE_KEY } from "../../shared/constants";
import { emailSchema } from "../../shared/schemas/auth";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../components/ui/card";
import { Checkbox } from "../components/ui/checkbox";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { usePublicConfig } from "../features/config/use-public-config";

// SPEC §2 "Signup": the account itself is made at sign-in; this page only remembers the email so the
// login page can pre-fill it, then hands over to /api/login as a full navigation.
export default function SignupPage() {
  const { data: config } = usePublicConfig();
  const [email, setEmail] = useState("");
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSubmit = email.trim() !== "" && acceptedTerms;

  function createAccount(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a valid email address");
      return;
    }
    try {
      localStorage.setItem(SIGNUP_EMAIL_STORAGE_KEY, parsed.data);
    } catch {
      // Storage can be disabled; the login page then simply starts empty.
    }
    window.location.href = "/api/login";
  }

  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold">Create your free account</h1>
          <CardDescription>
            {config?.appName ? `Join ${config.appName} and` : "Join and"} start browsing verified call buyers
            today.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="space-y-5" onSubmit={createAccount}>
            <div className="space-y-2">
              <Label htmlFor="signup-email">Work email</Label>
              <Input
                id="signup-email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                value={email}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "signup-email-error" : undefined}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setError(null);
                }}
              />
              {error && (
                <p id="signup-email-error" role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
            <div className="flex items-start gap-3">
              <Checkbox
                id="signup-terms"
                checked={acceptedTerms}
                onCheckedChange={(checked) => setAcceptedTerms(checked === true)}
                className="mt-0.5"
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
            <Button type="submit" className="w-full" disabled={!canSubmit}>
              Create Free Account
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-slate-700">
          <span>
            Already have an account?{" "}
            <a href="/api/login" className="font-medium text-brand-600 underline">
              Sign In
            </a>
          </span>
        </CardFooter>
      </Card>
    </main>
  );
}
