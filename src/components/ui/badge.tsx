import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils/cn';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        neutral: 'border-transparent bg-secondary text-secondary-foreground',
        ok: 'border-transparent bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
        warn: 'border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300',
        error: 'border-transparent bg-red-500/15 text-red-800 dark:text-red-300',
        info: 'border-transparent bg-sky-500/15 text-sky-800 dark:text-sky-300',
        outline: 'text-foreground',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

function Badge({ className, tone, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}

export { Badge, badgeVariants };
