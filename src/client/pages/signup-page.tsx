import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { SIGNUP_EMAIL_STORAGE_KEY } from "../../shared/constants";
import { signupSchema } from "../../shared/schemas/auth";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../components/ui/card";
import { Checkbox } from "../components/ui/checkbox";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { LOGIN_PATH } from "../features/auth/redirect-to-login";
import { usePublicConfig } from "../features/config/use-public-config";

type SignupValues = z.input<typeof signupSchema>;

// SPEC §2 "Signup": the account itself is made at sign-in; this page only remembers the email so the
// login page can pre-fill it, then hands over to /api/login as a full navigation.
export default function SignupPage() {
  const { data: config } = usePublicConfig();
  const form = useForm<SignupValues, unknown, z.output<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: { email: "", acceptedTerms: false },
  });
  // SPEC §2: the button stays disabled until both are filled.
  const [email, acceptedTerms] = form.watch(["email", "acceptedTerms"]);
  const canSubmit = email.trim() !== "" && acceptedTerms;

  const createAccount = form.handleSubmit((values) => {
    try {
      localStorage.setItem(SIGNUP_EMAIL_STORAGE_KEY, values.email);
    } catch {
      // Storage can be disabled; the login page then simply starts empty.
    }
    window.location.href = LOGIN_PATH;
  });

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
            <Button type="submit" className="w-full" disabled={!canSubmit}>
              Create Free Account
            </Button>
          </form>
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
