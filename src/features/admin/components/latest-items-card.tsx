import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useSourceItems } from '../api/get-source-items';
import { serverMessage } from '../lib/server-message';
import { isWebAddress } from '@/lib/security/web-address';
import { messages } from '../messages';

const M = messages.sources;

/** Neueste Meldungen: the 20 newest stored items, each with the sources that carried it. */
export function LatestItemsCard() {
  const items = useSourceItems(20);
  const list = items.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Neueste Meldungen</CardTitle>
        <CardDescription>Die zuletzt gespeicherten Meldungen aller Quellen.</CardDescription>
      </CardHeader>
      <CardContent>
        {items.isPending && <Skeleton className="h-24 w-full" />}
        {items.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {M.itemsLoadFailed} <span className="block text-xs">{serverMessage(items.error)}</span>
          </p>
        )}
        {items.isSuccess && list.length === 0 && <p className="text-sm text-muted-foreground">{M.itemsEmpty}</p>}
        {list.length > 0 && (
          <ul className="divide-y" aria-label="Neueste Meldungen">
            {list.map((item) => (
              <li key={item.id} className="space-y-0.5 py-2 text-sm" data-testid={`source-item-${item.id}`}>
                {isWebAddress(item.url) ? (
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium underline-offset-2 hover:underline"
                  >
                    {item.title}
                  </a>
                ) : (
                  <span className="font-medium">{item.title}</span>
                )}
                <p className="text-xs text-muted-foreground">
                  <span data-testid="source-item-sources">{item.sources.join(', ')}</span>
                  {' · '}
                  <time dateTime={item.publishedAt ?? item.fetchedAt}>
                    {formatDateTime(item.publishedAt ?? item.fetchedAt)}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
