import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils/cn';
import { formatTrend, type StatTrend } from '../lib/trend';

export interface StatCardProps {
  title: string;
  value: React.ReactNode;
  description: string;
  icon: LucideIcon;
  trend?: StatTrend;
  children?: React.ReactNode;
  className?: string;
}

/** A figure with title, description, icon, optional trend and optional extra content. */
export function StatCard({ title, value, description, icon: Icon, trend, children, className }: StatCardProps) {
  return (
    <Card className={className}>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tracking-tight">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          {trend && (
            <span
              data-testid="stat-trend"
              className={cn(
                'mr-1 font-semibold',
                trend.isPositive ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
              )}
            >
              {formatTrend(trend)}
            </span>
          )}
          {description}
        </p>
        {children && <div className="mt-3">{children}</div>}
      </CardContent>
    </Card>
  );
}
