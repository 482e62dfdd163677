import { createContext, use, useId, useMemo, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils/cn';

// WAI-ARIA "Tabs with automatic activation" (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) in Radix Tabs' markup.
// Only the selected tab is in the Tab order; an inactive panel stays in the DOM, hidden, its content unmounted.

interface TabsState {
  value: string;
  select: (value: string) => void;
  id: string;
}
const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const tabs = use(TabsContext);
  if (!tabs) throw new Error(`<${part}> must be inside <Tabs>`);
  return tabs;
}

// A value becomes part of an element id; spaces or quotes in it must not break aria-controls.
const part = (value: string) => encodeURIComponent(value).replace(/%/g, '_');

interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

function Tabs({ value, defaultValue = '', onValueChange, className, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const id = useId();
  const current = value ?? own;
  // One context value while the selection stays: the tabs and panels do not render again for the parent's sake.
  const state = useMemo<TabsState>(
    () => ({
      value: current,
      select: (next: string) => {
        if (next === current) return;
        if (value === undefined) setOwn(next);
        onValueChange?.(next);
      },
      id,
    }),
    [current, value, onValueChange, id],
  );
  return (
    <TabsContext value={state}>
      <div data-slot="tabs" data-orientation="horizontal" className={cn('flex flex-col gap-4', className)} {...props} />
    </TabsContext>
  );
}

/** Arrow keys, Home and End move the focus among the list's enabled tabs; the focused tab is selected (onFocus). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1 || event.altKey || event.ctrlKey || event.metaKey) return;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  tabs[(to + tabs.length) % tabs.length]?.focus();
}

function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        'inline-flex w-full flex-wrap items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground sm:w-auto',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.id}-tab-${part(value)}`}
      aria-controls={`${tabs.id}-panel-${part(value)}`}
      aria-selected={selected}
      data-state={selected ? 'active' : 'inactive'}
      data-slot="tabs-trigger"
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex min-h-9 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      // As Radix: a primary press selects at once (before the click); another button or a ctrl-press neither selects nor focuses.
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.defaultPrevented || disabled) return;
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === 'Enter' || event.key === ' ')) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

function TabsContent({ value, className, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={`${tabs.id}-panel-${part(value)}`}
      aria-labelledby={`${tabs.id}-tab-${part(value)}`}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-slot="tabs-content"
      hidden={!selected}
      tabIndex={0}
      className={cn('focus-visible:outline-none', className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}

export { Tabs, TabsList, TabsTrigger, TabsContent };
