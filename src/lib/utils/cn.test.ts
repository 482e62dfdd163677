import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS } from './class-groups';
import { cn, configForGroups } from './cn';

const SRC = path.resolve(__dirname, '../..');

/** Every whitespace-separated word of every string literal in src/ (not tests): where Tailwind finds classes too. */
function sourceWords(): Set<string> {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name)) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
          for (const word of match[2].split(/\s+/)) if (word && !word.includes('${')) words.add(word);
      }
    }
  };
  walk(SRC);
  return words;
}

// A word is a class tailwind-merge knows when the full default configuration folds it with itself. Arbitrary properties
// ([grid-template-columns:…]) are merged by property name, whatever the configuration.
const classes = [...sourceWords()].filter(
  (word) => twMerge(`${word} ${word}`) === word && !/(^|:)\[[a-z-]+:/.test(word),
);

describe('cn', () => {
  it('lets later classes of the same group win and keeps the others', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('bg-primary hover:bg-primary/90', false, undefined, 'bg-muted')).toBe('hover:bg-primary/90 bg-muted');
    expect(cn('size-4', 'h-8')).toBe('size-4 h-8');
    expect(cn('rounded-md', 'rounded-full', 'my-class')).toBe('rounded-full my-class');
  });

  it('knows every class group the app uses', () => {
    expect(classes.length).toBeGreaterThan(300);
    const trimmed = createTailwindMerge(() => configForGroups(CLASS_GROUPS));
    const unknown = classes.filter((c) => trimmed(`${c} ${c}`) !== c);
    const defaults = getDefaultConfig();
    const groupsOf = (c: string) =>
      Object.keys(defaults.classGroups).filter(
        (group) => createTailwindMerge(() => configForGroups([group]))(`${c} ${c}`) === c,
      );
    expect(unknown.map((c) => `${c} (add ${groupsOf(c).join(' or ')} to class-groups.ts)`)).toEqual([]);
  }, 60_000);

  it('merges every pair of the app’s classes exactly as the full configuration does', () => {
    const trimmed = createTailwindMerge(() => configForGroups(CLASS_GROUPS));
    const differ: string[] = [];
    for (const a of classes)
      for (const b of classes) if (trimmed(`${a} ${b}`) !== twMerge(`${a} ${b}`)) differ.push(`${a} ${b}`);
    expect(differ.slice(0, 20)).toEqual([]);
    // Some 10^6 merges: 5 s on an idle machine, 17 s with CI beside it (over the default 15 s). Only CPU, no waiting.
  }, 120_000);
});
