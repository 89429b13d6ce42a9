import { useAuth } from "../features/auth/use-auth";

// Placeholder until the app-shell issue (#3) brings the landing page and the signed-in home.
export default function HomePage() {
  const { user } = useAuth();
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">PayPerCall Hub</h1>
      {user ? (
        <p className="mt-4" data-testid="signed-in-as">
          Signed in as {user.email}. <a href="/api/logout">Log out</a>
        </p>
      ) : (
        <p className="mt-4">
          <a href="/api/login">Sign In</a>
        </p>
      )}
    </main>
  );
}
