import { CheckIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils/cn';

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** The native checkbox drawn as shadcn's: Radix re-implements its states, label and keyboard on a button, at a cost. */
function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn('relative inline-flex size-5 shrink-0 items-center justify-center', className)}>
      <input
        type="checkbox"
        data-slot="checkbox"
        data-state={checked ? 'checked' : 'unchecked'}
        checked={checked}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        className="peer size-5 cursor-pointer appearance-none rounded-sm border border-input bg-transparent checked:border-primary checked:bg-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <CheckIcon
        aria-hidden
        className="pointer-events-none absolute hidden size-4 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}

export { Checkbox };
