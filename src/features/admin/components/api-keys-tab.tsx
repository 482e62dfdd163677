import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSetting } from '@/db/use-setting';
import { testService } from '@/lib/api/test-services';
import { getConfig } from '@/lib/config';
import type { SavedKey, TestResult } from '@/contract';
import { redact, unregisterSecret } from '@/lib/security/redact';
import { useHealthChecks } from '../api/check-health';
import { keysQuery, lastTestOf, useServerKeys } from '../api/get-keys';
import { useSaveKey } from '../api/save-key';
import { useTtsRoles } from '../hooks/use-tts-roles';
import { messages } from '../messages';
import { API_SERVICES, CATEGORY_TITLES, type ServiceCategory } from '../lib/services';
import { ServiceKeyRow } from './service-key-row';
import { TtsRolesCard } from './tts-roles-card';
import { storageFailureMessage } from '@/db/storage-errors';
import { useCan } from '@/lib/use-can';
import { useAfterIdle } from '@/lib/idle';

const CATEGORIES: ServiceCategory[] = ['ai', 'tts', 'video', 'media'];

function newer(a: TestResult | undefined, b: TestResult | undefined): TestResult | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a.lastTested ?? '') >= Date.parse(b.lastTested ?? '') ? a : b;
}

/** Asks the browser to keep IndexedDB (keys, settings, outbox) under storage pressure. */
async function requestPersistence(): Promise<string> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return messages.keys.persistUnsupported;
  try {
    return (await navigator.storage.persist()) ? messages.keys.persistGranted : messages.keys.persistDenied;
  } catch {
    return messages.keys.persistDenied;
  }
}

export function ApiKeysTab() {
  const [apiKeys, saveApiKeys] = useSetting('apiKeys');
  const { roles } = useTtsRoles();
  const health = useHealthChecks();
  const [showKeys, setShowKeys] = useState(false);
  const [results, setResults] = useState<Record<string, TestResult>>({});
  const [testing, setTesting] = useState<Record<string, boolean>>({});
  const [persistence, setPersistence] = useState<string | null>(null);
  // Live: keys go to the server (encrypted there); the browser keeps only the masked form and the last test.
  const live = getConfig().apiMode === 'live';
  const serverKeys = useServerKeys(live);
  const queryClient = useQueryClient();
  const saveKey = useSaveKey();
  // Provider keys are an administrator's: the contract's least role of keys.save.
  const maySave = useCan('keys.save');
  const mayTest = useCan('test.service');
  // The cards below the first screenful come a frame later: drawn and laid out at once they make one long task.
  const allDrawn = useAfterIdle();

  const save = async (id: string, name: string, key: string): Promise<boolean> => {
    if (live) {
      try {
        await saveKey.mutateAsync({ service: id as SavedKey['service'], key });
        toast.success(messages.keys.saved, { description: messages.keys.savedOnServerDescription(name) });
        return true;
      } catch {
        return false;
      }
    }
    try {
      const previous = apiKeys?.[id];
      await saveApiKeys({ [id]: key });
      if (previous && previous !== key) unregisterSecret(previous);
      toast.success(messages.keys.saved, { description: messages.keys.savedDescription(name) });
      setPersistence(await requestPersistence());
      return true;
    } catch (error) {
      toast.error(messages.keys.saveFailed, { description: storageFailureMessage(error) });
      return false;
    }
  };

  const test = async (id: string, name: string, key: string) => {
    setTesting((t) => ({ ...t, [id]: true }));
    const result = await testService(id, key);
    setResults((r) => ({ ...r, [id]: result }));
    setTesting((t) => ({ ...t, [id]: false }));
    // The server keeps a key's last test with it.
    if (live) void queryClient.invalidateQueries({ queryKey: keysQuery().queryKey });
    if (result.success)
      toast.success(messages.keys.testOk, { description: messages.keys.testOkDescription(name, result.responseTime) });
    else toast.error(messages.keys.testFailed, { description: `${name}: ${redact(result.error ?? '')}` });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="key-storage">
          {live ? messages.keys.storedOnServer : messages.keys.storedInBrowser}
        </p>
        <Button variant="outline" aria-pressed={showKeys} onClick={() => setShowKeys((v) => !v)}>
          {showKeys ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {showKeys ? 'Hide keys' : 'Show keys'}
        </Button>
      </div>
      {persistence && (
        <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="persistence">
          {persistence}
        </p>
      )}
      <TtsRolesCard />
      {CATEGORIES.slice(0, allDrawn ? CATEGORIES.length : 1).map((category) => (
        <Card key={category}>
          <CardHeader>
            <CardTitle>{CATEGORY_TITLES[category]}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3">
              {API_SERVICES.filter((s) => s.category === category).map((service) => (
                <ServiceKeyRow
                  key={service.id}
                  service={service}
                  savedKey={live ? undefined : apiKeys?.[service.id]}
                  serverKey={live ? serverKeys[service.id] : undefined}
                  result={newer(newer(results[service.id], health[service.id]), lastTestOf(serverKeys[service.id]))}
                  showKeys={showKeys}
                  role={category === 'tts' ? (roles.primary === service.id ? 'primary' : 'backup') : undefined}
                  testing={testing[service.id] ?? false}
                  onSave={(key) => save(service.id, service.name, key)}
                  onTest={(key) => void test(service.id, service.name, key)}
                  untestable={live && service.noKeyTest === true}
                  saveDenied={maySave.reason}
                  testDenied={mayTest.reason}
                />
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
