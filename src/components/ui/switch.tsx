import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils/cn';

interface SwitchProps extends Omit<ComponentProps<'input'>, 'type' | 'role' | 'checked' | 'onChange'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A native checkbox with role="switch" (ARIA in HTML allows it) drawn as shadcn's; Radix rebuilds it on a button. */
function Switch({ className, checked, onCheckedChange, ...props }: SwitchProps) {
  return (
    <span className={cn('relative inline-flex h-6 w-11 shrink-0 items-center', className)}>
      <input
        type="checkbox"
        role="switch"
        data-slot="switch"
        data-state={checked ? 'checked' : 'unchecked'}
        checked={checked}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        className="peer h-6 w-11 cursor-pointer appearance-none rounded-full border-2 border-transparent bg-input transition-colors checked:bg-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute left-0.5 block size-5 rounded-full bg-background shadow-lg transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
}

export { Switch };
