export function VideosPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Video Studio</h1>
    </div>
  );
}
