export function SocialPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Social Media</h1>
    </div>
  );
}
