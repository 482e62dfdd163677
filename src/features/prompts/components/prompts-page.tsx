export function PromptsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Prompt Generator</h1>
    </div>
  );
}
