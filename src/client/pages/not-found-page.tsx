import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "../components/ui/card";

export default function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] w-full items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 text-red-600" aria-hidden />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            We could not find this page. The link may be old, or the address mistyped.
          </p>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link href="/browse" className="font-medium text-brand-600 underline">
              Browse the directory
            </Link>
            <Link href="/" className="font-medium text-brand-600 underline">
              Go to the home page
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
