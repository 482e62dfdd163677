import type * as React from 'react';

/** A toast description of the spec's sentence plus, when known, the reason on its own line. */
export function twoLines(main: string, detail?: string): React.ReactNode {
  if (!detail) return main;
  return (
    <span className="flex flex-col gap-1">
      <span>{main}</span>
      <span>{detail}</span>
    </span>
  );
}
