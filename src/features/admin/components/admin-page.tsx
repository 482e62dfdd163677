import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { AdminTabs } from './admin-tabs';

/** /dashboard/admin and /dashboard/admin/settings (SPEC "Admin Settings"). */
export function AdminPage() {
  return (
    <div className="space-y-6">
      <PageHeader {...screenHeader} />
      <AdminTabs />
    </div>
  );
}
