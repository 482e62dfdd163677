import { PageHeader } from '@/components/ui/page-header';
import { AdminTabs } from './admin-tabs';

/** /dashboard/admin and /dashboard/admin/settings (SPEC "Admin Settings"). */
export function AdminPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Admin Settings" description="Provider keys, failover, resilience, connections and users." />
      <AdminTabs />
    </div>
  );
}
