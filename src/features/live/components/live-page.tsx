export function LivePage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Live Broadcast</h1>
    </div>
  );
}
