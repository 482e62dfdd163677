import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCompact } from '@/lib/compact-number';
import { overviewMessages } from '../messages';

/** Views per platform as horizontal SVG bars (no chart library: five bars do not need one). */
export function PlatformViewsChart({ data }: { data: Array<{ platform: string; views: number }> }) {
  const max = Math.max(1, ...data.map((d) => d.views));
  const row = 36;
  const labelWidth = 90;
  const valueWidth = 56;
  const width = 400;
  const barSpace = width - labelWidth - valueWidth;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Views per Platform</CardTitle>
      </CardHeader>
      <CardContent>
        {data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{overviewMessages.noData}</p>
        ) : (
          <figure>
            <svg
              viewBox={`0 0 ${width} ${data.length * row}`}
              className="h-auto w-full"
              role="img"
              aria-labelledby="platform-views-caption"
            >
              {data.map((d, i) => {
                const w = Math.max(2, (d.views / max) * barSpace);
                const y = i * row;
                return (
                  <g key={d.platform} data-testid="platform-bar">
                    <text x={0} y={y + row / 2} dominantBaseline="middle" className="fill-foreground text-[13px]">
                      {d.platform}
                    </text>
                    <rect x={labelWidth} y={y + 8} width={w} height={row - 16} rx={4} className="fill-primary" />
                    <text
                      x={labelWidth + w + 6}
                      y={y + row / 2}
                      dominantBaseline="middle"
                      className="fill-muted-foreground text-[12px]"
                    >
                      {formatCompact(d.views)}
                    </text>
                  </g>
                );
              })}
            </svg>
            <figcaption id="platform-views-caption" className="sr-only">
              {data.map((d) => `${d.platform}: ${formatCompact(d.views)}`).join(', ')}
            </figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
