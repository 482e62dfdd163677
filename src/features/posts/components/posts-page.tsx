export function PostsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Post Management</h1>
    </div>
  );
}
