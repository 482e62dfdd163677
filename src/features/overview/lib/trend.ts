export interface StatTrend {
  value: number;
  isPositive: boolean;
}

/** The trend as a signed percentage: '+12%' when positive, '-2.1%' otherwise (SPEC "Dashboard overview"). */
export function formatTrend({ value, isPositive }: StatTrend): string {
  return `${isPositive ? '+' : '-'}${Math.abs(value)}%`;
}
