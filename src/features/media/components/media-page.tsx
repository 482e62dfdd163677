export function MediaPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Media Library</h1>
    </div>
  );
}
