import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";

/** Screens whose feature has not been built yet say so plainly instead of pretending. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-600">
            This screen is being built and will arrive in an upcoming release.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
