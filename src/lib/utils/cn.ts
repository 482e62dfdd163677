import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS } from './class-groups';

// A subset of the default configuration: tailwind-merge accepts any configuration of its shape (its AnyConfig).
type Config = Parameters<typeof createTailwindMerge>[0] extends () => infer C ? C : never;

/** tailwind-merge's default configuration reduced to `groups` (and the conflicts among them). */
export function configForGroups(groups: readonly string[]): Config {
  const keep = new Set(groups);
  const config = getDefaultConfig();
  const pick = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([group]) => keep.has(group)));
  const onlyKept = (record: Record<string, readonly string[]>) =>
    Object.fromEntries(
      Object.entries(pick(record)).map(([group, others]) => [group, others.filter((other) => keep.has(other))]),
    );
  return {
    ...config,
    classGroups: pick(config.classGroups),
    conflictingClassGroups: onlyKept(config.conflictingClassGroups),
    conflictingClassGroupModifiers: onlyKept(config.conflictingClassGroupModifiers),
  };
}

const merge = createTailwindMerge(() => configForGroups(CLASS_GROUPS));

/** Joins class names and lets later Tailwind classes win. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
