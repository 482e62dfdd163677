import type * as React from 'react';

export type SelectOption<T extends string> = { value: T; label: string };

type NativeSelectProps<T extends string> = Omit<
  React.ComponentProps<'select'>,
  'value' | 'defaultValue' | 'onChange' | 'children'
> & {
  value: T;
  onValueChange: (value: T) => void;
  options: ReadonlyArray<SelectOption<T>>;
  /** Further options under an <optgroup> heading each, after `options`. */
  groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<SelectOption<T>> }>;
  /** Classes of the wrapper (width, flex), which is what a layout places. */
  className?: string;
};

const toOption = <T extends string>({ value, label }: SelectOption<T>) => (
  <option key={value} value={value}>
    {label}
  </option>
);

/** The one native select: a typed value, keyboard and touch friendly, and no popup layer to load. */
export function NativeSelect<T extends string>({
  className,
  value,
  onValueChange,
  options,
  groups,
  ...props
}: NativeSelectProps<T>) {
  return (
    <div className={className ? `native-select ${className}` : 'native-select'}>
      <select
        value={value}
        // The element holds only the values of `options` and `groups`, all of them a T.
        onChange={(e) => onValueChange(e.target.value as T)}
        {...props}
      >
        {options.map(toOption)}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(toOption)}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
