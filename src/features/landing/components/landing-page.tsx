export function LandingPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">AI News Platform</h1>
    </div>
  );
}
