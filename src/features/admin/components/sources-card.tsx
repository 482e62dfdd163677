import { Loader2, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { WhenOpened, retryableLazy } from '@/components/ui/lazy-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import type { FeedSource } from '@/contract';
import { formatDateTime } from '@/lib/format';
import { deniedProps, useCan } from '@/lib/use-can';
import { useDeleteSource } from '../api/delete-source';
import { useFetchAllSources } from '../api/fetch-all-sources';
import { useFetchSource } from '../api/fetch-source';
import { useSources } from '../api/get-sources';
import { useUpdateSource } from '../api/update-source';
import { serverMessage } from '../lib/server-message';
import type { SourceDraft } from '../lib/source-validation';
import { isWebAddress } from '@/lib/security/web-address';
import { messages } from '../messages';
import { LANGUAGES, SourceForm } from './source-form';

type Deletable = FeedSource & { title: string };
const ConfirmDelete = retryableLazy(() =>
  import('@/components/confirm-delete').then((m) => ({ default: m.default<Deletable> })),
);

const M = messages.sources;
const languageOf = (code: FeedSource['language']) => LANGUAGES.find((l) => l.value === code)?.label ?? code;

/** Last fetch: time, „{n} neu“, „HTTP {status}“ and the item count; the German error in red when it failed. */
function LastFetch({ source }: { source: FeedSource }) {
  const last = source.lastFetch;
  const parts = last
    ? [
        M.lastFetch(formatDateTime(last.at)),
        M.newItems(last.newItems),
        ...(last.status !== undefined ? [M.httpStatus(last.status)] : []),
      ]
    : [M.neverFetched];
  return (
    <>
      <p className="text-xs text-muted-foreground" data-testid="source-last-fetch">
        {[...parts, M.itemCount(source.itemCount)].join(' · ')}
      </p>
      {last?.error && (
        <p className="text-xs text-red-700 dark:text-red-400" data-testid="source-fetch-error">
          {last.error}
        </p>
      )}
    </>
  );
}

/** The feeds the Scraper reads: enabled toggle, Jetzt abrufen, edit and delete per feed, and Alle jetzt abrufen. */
export function SourcesCard() {
  const sources = useSources();
  const update = useUpdateSource();
  const remove = useDeleteSource();
  const fetchOne = useFetchSource();
  const fetchAll = useFetchAllSources();
  const may = {
    update: useCan('sources.update'),
    remove: useCan('sources.delete'),
    fetch: useCan('sources.fetch'),
    fetchAll: useCan('sources.fetchAll'),
  };
  const [editing, setEditing] = useState<FeedSource | null>(null);
  const [deleting, setDeleting] = useState<Deletable | null>(null);

  const setEnabled = (source: FeedSource, enabled: boolean) =>
    update.mutate(
      { id: source.id, patch: { enabled } },
      { onSuccess: (saved) => toast.success(M.saved, { description: saved.name }) },
    );

  const fetchNow = (source: FeedSource) =>
    fetchOne.mutate(source.id, {
      onSuccess: (fetched) => {
        const error = fetched.lastFetch?.error;
        if (error) toast.warning(M.fetched, { description: `${fetched.name}: ${error}` });
        else toast.success(M.fetched, { description: M.fetchedOne(fetched.name, fetched.lastFetch?.newItems ?? 0) });
      },
    });

  const fetchEvery = () =>
    fetchAll.mutate(undefined, {
      onSuccess: (list) => {
        const read = list.filter((s) => s.enabled);
        const failed = read.filter((s) => s.lastFetch?.error).map((s) => s.name);
        const found = read.reduce((sum, s) => sum + (s.lastFetch?.newItems ?? 0), 0);
        const description = [M.fetchedAll(found, read.length), ...(failed.length ? [M.failedFeeds(failed)] : [])].join(
          ' · ',
        );
        (failed.length ? toast.warning : toast.success)(M.fetched, { description });
      },
    });

  const saveEdit = async (source: FeedSource, value: SourceDraft) => {
    const saved = await update.mutateAsync({ id: source.id, patch: value });
    toast.success(M.saved, { description: saved.name });
    setEditing(null);
  };

  const list = sources.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Quellen</CardTitle>
          <CardDescription>Die Feeds, die der Scraper liest (RSS, Atom, JSON Feed).</CardDescription>
        </div>
        <Button
          variant="outline"
          onClick={fetchEvery}
          disabled={fetchAll.isPending}
          {...deniedProps(may.fetchAll)}
          aria-busy={fetchAll.isPending}
        >
          {fetchAll.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <RefreshCw aria-hidden />}
          Alle jetzt abrufen
        </Button>
      </CardHeader>
      <CardContent>
        {sources.isPending && <Skeleton className="h-24 w-full" />}
        {sources.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {M.loadFailed} <span className="block text-xs">{serverMessage(sources.error)}</span>
          </p>
        )}
        {sources.isSuccess && list.length === 0 && <p className="text-sm text-muted-foreground">{M.empty}</p>}
        {list.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label="Quellen">
            {list.map((source) => {
              const fetching = fetchOne.isPending && fetchOne.variables === source.id;
              return (
                <li
                  key={source.id}
                  className="flex flex-wrap items-start gap-3 p-3"
                  data-testid={`source-${source.id}`}
                  data-enabled={source.enabled}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium" data-testid="source-name">
                        {source.name}
                      </span>
                      <Badge tone="outline">{source.category}</Badge>
                      <Badge tone="neutral">
                        <abbr title={languageOf(source.language)} className="no-underline">
                          {source.language.toUpperCase()}
                        </abbr>
                      </Badge>
                    </div>
                    {isWebAddress(source.url) ? (
                      <a
                        href={source.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="block break-all text-xs text-sky-800 underline-offset-2 hover:underline dark:text-sky-300"
                      >
                        {source.url}
                      </a>
                    ) : (
                      <p className="break-all text-xs">{source.url}</p>
                    )}
                    <LastFetch source={source} />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <label className="flex min-h-10 items-center gap-2 text-sm">
                      <Switch
                        aria-label={`Aktiv: ${source.name}`}
                        checked={source.enabled}
                        disabled={update.isPending && update.variables?.id === source.id}
                        {...deniedProps(may.update)}
                        onCheckedChange={(enabled) => setEnabled(source, enabled)}
                      />
                      <span aria-hidden>Aktiv</span>
                    </label>
                    <Button
                      size="sm"
                      className="min-h-10"
                      variant="outline"
                      disabled={fetching}
                      {...deniedProps(may.fetch)}
                      aria-busy={fetching}
                      aria-label={`Jetzt abrufen: ${source.name}`}
                      onClick={() => fetchNow(source)}
                    >
                      {fetching ? <Loader2 aria-hidden className="animate-spin" /> : <RefreshCw aria-hidden />}
                      Jetzt abrufen
                    </Button>
                    <Button
                      size="sm"
                      className="min-h-10"
                      variant="ghost"
                      aria-label={`Bearbeiten: ${source.name}`}
                      {...deniedProps(may.update)}
                      onClick={() => setEditing(source)}
                    >
                      <Pencil aria-hidden />
                      Bearbeiten
                    </Button>
                    <Button
                      size="sm"
                      className="min-h-10"
                      variant="ghost"
                      aria-label={`Löschen: ${source.name}`}
                      {...deniedProps(may.remove)}
                      onClick={() => setDeleting({ ...source, title: source.name })}
                    >
                      <Trash2 aria-hidden />
                      Löschen
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Quelle bearbeiten</DialogTitle>
            <DialogDescription>{editing?.name}</DialogDescription>
          </DialogHeader>
          {editing && (
            <SourceForm
              key={editing.id}
              initial={{
                name: editing.name,
                url: editing.url,
                category: editing.category,
                language: editing.language,
                enabled: editing.enabled,
              }}
              submitLabel="Speichern"
              pending={update.isPending}
              onSave={(value) => saveEdit(editing, value)}
              onCancel={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
      <WhenOpened open={deleting !== null}>
        <ConfirmDelete
          item={deleting}
          onClose={() => setDeleting(null)}
          question={M.deleteQuestion}
          text={M.deleteText}
          onConfirm={(source) =>
            remove.mutate(source.id, { onSuccess: () => toast.success(M.deleted, { description: source.name }) })
          }
        />
      </WhenOpened>
    </Card>
  );
}
