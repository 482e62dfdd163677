import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The fallback shown when a route fails (SPEC §2). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main role="alert" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">Unexpected Application Error</h1>
      <p className="font-mono text-sm text-muted-foreground">{describe(error)}</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
