export function AiNewsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">AI News Central</h1>
    </div>
  );
}
