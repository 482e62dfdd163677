import { Eye, EyeOff, Loader2, PlugZap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { showFailureToast } from '@/components/ui/failure-toast';
import {
  keyFor,
  PROVIDER_SERVICES,
  testProvider,
  testProvidersSequentially,
  type ProviderService,
  type ProviderServiceId,
  type ProviderTestResult,
} from '@/lib/webhooks/provider-tests';
import { useApiKeys } from '../hooks/use-workflow-settings';
import { MSG } from '../messages';
import { formatDateTime } from '@/lib/format';

export type ServiceStatus = 'disconnected' | 'testing' | 'connected' | 'error';
interface ServiceState {
  status: ServiceStatus;
  lastTested?: string;
  responseTime?: number;
  error?: string;
}
const STATUS_LABEL: Record<ServiceStatus, string> = {
  disconnected: 'Nicht getestet',
  testing: 'Teste …',
  connected: 'Verbunden',
  error: 'Fehler',
};
const TONE = { disconnected: 'neutral', testing: 'info', connected: 'ok', error: 'error' } as const;

function mask(key: string): string {
  if (!key) return 'Kein Schlüssel hinterlegt';
  return `${'•'.repeat(Math.max(4, Math.min(12, key.length - 4)))}${key.slice(-4)}`;
}

function fromResult(result: ProviderTestResult): ServiceState {
  return result.ok
    ? { status: 'connected', lastTested: result.lastTested, responseTime: result.responseTime }
    : {
        status: 'error',
        lastTested: result.lastTested,
        responseTime: result.responseTime,
        error: result.error.message,
      };
}

function toastResult(service: ProviderService, result: ProviderTestResult) {
  if (result.ok) toast.success(MSG.apiOk, { description: `${service.name}: ${result.responseTime} ms` });
  else showFailureToast('api-test', result.error, { subject: service.name });
}

/** The ten service cards: disconnected → testing → connected / error (SPEC §4), keys from Admin Settings. */
export function ApiServicesTab() {
  const keys = useApiKeys();
  const [states, setStates] = useState<Partial<Record<ProviderServiceId, ServiceState>>>({});
  const [showKeys, setShowKeys] = useState(false);
  const [testingAll, setTestingAll] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const set = (id: ProviderServiceId, state: ServiceState) => setStates((s) => ({ ...s, [id]: state }));
  const stateOf = (id: ProviderServiceId): ServiceState => states[id] ?? { status: 'disconnected' };

  const testOne = async (service: ProviderService) => {
    set(service.id, { ...stateOf(service.id), status: 'testing' });
    const result = await testProvider(service, keyFor(service, keys));
    set(service.id, fromResult(result));
    toastResult(service, result);
  };

  const testAll = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setTestingAll(true);
    try {
      const results = await testProvidersSequentially(PROVIDER_SERVICES, keys, {
        signal: current.signal,
        onStart: (service) =>
          setStates((s) => ({ ...s, [service.id]: { ...(s[service.id] ?? {}), status: 'testing' } })),
        onResult: (service, result) => set(service.id, fromResult(result)),
      });
      const ok = [...results.values()].filter((r) => r.ok).length;
      toast.success(MSG.apiAllDone, { description: `${ok}/${results.size} verbunden` });
    } catch {
      // aborted by leaving the tab
    } finally {
      if (controller.current === current) setTestingAll(false);
    }
  };

  const all = PROVIDER_SERVICES.map((s) => stateOf(s.id));
  const connected = all.filter((s) => s.status === 'connected');
  const errors = all.filter((s) => s.status === 'error').length;
  const untested = all.filter((s) => s.status === 'disconnected').length;
  const average = connected.length
    ? Math.round(connected.reduce((sum, s) => sum + (s.responseTime ?? 0), 0) / connected.length)
    : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Schlüssel werden in Admin Settings → API Keys gepflegt.</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setShowKeys((v) => !v)} aria-pressed={showKeys}>
            {showKeys ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            {showKeys ? 'Hide Credentials' : 'Show Credentials'}
          </Button>
          <Button onClick={() => void testAll()} disabled={testingAll} aria-busy={testingAll}>
            {testingAll ? <Loader2 aria-hidden className="animate-spin" /> : <PlugZap aria-hidden />}
            Test All
          </Button>
        </div>
      </div>
      <section aria-label="API-Zusammenfassung" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[
          { label: 'Connected', value: connected.length, id: 'connected' },
          { label: 'Errors', value: errors, id: 'errors' },
          { label: 'Untested', value: untested, id: 'untested' },
          { label: 'Avg. Response', value: average === null ? '–' : `${average} ms`, id: 'average' },
        ].map((item) => (
          <Card key={item.id}>
            <CardContent className="p-4">
              <p className="text-xs text-muted-foreground">{item.label}</p>
              <p className="text-xl font-bold" data-testid={`services-${item.id}`}>
                {item.value}
              </p>
            </CardContent>
          </Card>
        ))}
      </section>
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="API Services">
        {PROVIDER_SERVICES.map((service) => {
          const state = stateOf(service.id);
          const key = keyFor(service, keys);
          return (
            <li key={service.id} data-testid={`service-${service.id}`} data-status={state.status}>
              <Card className="h-full">
                <CardHeader className="pb-2">
                  <CardTitle className="flex items-center justify-between gap-2 text-base">
                    {service.name}
                    <Badge tone={TONE[state.status]}>{STATUS_LABEL[state.status]}</Badge>
                  </CardTitle>
                  <CardDescription>{service.description}</CardDescription>
                </CardHeader>
                <CardContent className="space-y-2 text-sm">
                  <p className="break-all font-mono text-xs" data-testid={`service-key-${service.id}`}>
                    {showKeys && key ? key : mask(key)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Zuletzt getestet: {formatDateTime(state.lastTested)}
                    {state.responseTime !== undefined && ` · ${state.responseTime} ms`}
                  </p>
                  {state.error && <p className="text-xs text-red-700 dark:text-red-400">{state.error}</p>}
                  <Button
                    size="sm"
                    className="min-h-10"
                    variant="outline"
                    onClick={() => void testOne(service)}
                    disabled={state.status === 'testing'}
                    aria-label={`${service.name} testen`}
                  >
                    {state.status === 'testing' && <Loader2 aria-hidden className="animate-spin" />}
                    Test
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
