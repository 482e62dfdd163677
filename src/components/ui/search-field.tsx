import { Search } from 'lucide-react';
import { memo } from 'react';
import { cn } from '@/lib/utils/cn';
import { Input } from './input';

// One element for every render: React skips an element it has seen before, so the icon is not rendered per keystroke.
const ICON = (
  <Search
    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
    aria-hidden
  />
);

interface SearchFieldProps {
  label: string;
  value: string;
  /** Called with the new text; pass a state setter, so that the field does not render again for its parent's sake. */
  onValueChange: (value: string) => void;
  id?: string;
  placeholder?: string;
  className?: string;
}

/** A search box with its magnifier: memoized, so that a list screen's keystroke renders the field and the list only. */
export const SearchField = memo(function SearchField({
  label,
  value,
  onValueChange,
  id,
  placeholder,
  className,
}: SearchFieldProps) {
  return (
    <div className={cn('relative', className)}>
      {ICON}
      <Input
        id={id}
        type="search"
        className="pl-9"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </div>
  );
});
