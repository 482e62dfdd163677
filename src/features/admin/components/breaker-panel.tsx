import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { BreakerStateName } from '@/lib/resilience/breakers';
import { useBreakerStates } from '../hooks/use-breaker-states';
import { formatTime } from '@/lib/format';
import { serviceName } from '../lib/services';

const TONE: Record<BreakerStateName, 'ok' | 'error' | 'warn'> = { closed: 'ok', open: 'error', 'half-open': 'warn' };

/** SPEC §3/§4: the circuit breaker of every service (closed / open / half-open, failures, last failure), live. */
export function BreakerPanel({ services }: { services: readonly string[] }) {
  const states = useBreakerStates(services);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Circuit breakers</CardTitle>
        <CardDescription>Open after the failure threshold; half-open after the cool-down.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {states.map((b) => (
            <li
              key={b.service}
              className="flex items-center justify-between gap-2 rounded-md border p-3 text-sm"
              data-testid={`breaker-${b.service}`}
            >
              <div>
                <div className="font-medium">{serviceName(b.service)}</div>
                <div className="text-xs text-muted-foreground">
                  {`Failures: ${b.failures}/${b.threshold}`} ·{' '}
                  {`Last failure: ${b.lastFailure ? formatTime(b.lastFailure) : '–'}`}
                </div>
              </div>
              <Badge tone={TONE[b.state]} data-testid={`breaker-state-${b.service}`}>
                {b.state}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
