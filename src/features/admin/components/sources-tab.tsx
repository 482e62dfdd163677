import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/lib/use-can';
import { useCreateSource } from '../api/create-source';
import type { SourceDraft } from '../lib/source-validation';
import { messages } from '../messages';
import { LatestItemsCard } from './latest-items-card';
import { ScheduleCard } from './schedule-card';
import { EMPTY_SOURCE, SourceForm } from './source-form';
import { SourcesCard } from './sources-card';

function AddSourceCard() {
  const create = useCreateSource();
  const mayCreate = useCan('sources.create');
  const add = async (value: SourceDraft) => {
    const saved = await create.mutateAsync(value);
    toast.success(messages.sources.saved, { description: saved.name });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quelle hinzufügen</CardTitle>
        <CardDescription>RSS 2.0, RSS 1.0/RDF, Atom oder JSON Feed.</CardDescription>
      </CardHeader>
      <CardContent>
        <SourceForm
          initial={EMPTY_SOURCE}
          submitLabel="Quelle hinzufügen"
          pending={create.isPending}
          onSave={add}
          may={mayCreate}
          resetAfterSave
        />
      </CardContent>
    </Card>
  );
}

/** Admin → Quellen: the Scraper's feeds, adding one, the run schedule and the newest stored items. */
export function SourcesTab() {
  return (
    <div className="space-y-4">
      <SourcesCard />
      <AddSourceCard />
      <ScheduleCard />
      <LatestItemsCard />
    </div>
  );
}
