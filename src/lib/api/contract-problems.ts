// Words a response's schema problems in German for the operator: field paths and what was expected, never the values.

interface Issue {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  expected?: string;
  values?: readonly unknown[];
  origin?: string;
  message?: string;
}

const TYPE_NAMES: Record<string, string> = {
  number: 'Zahl',
  int: 'ganze Zahl',
  string: 'Text',
  boolean: 'Wahrheitswert',
  object: 'Objekt',
  array: 'Liste',
  record: 'Objekt',
  null: 'null',
  date: 'Datum',
  bigint: 'Zahl',
};

/** `[0].views`, `stats[2].value`; empty for the whole answer. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : `${i === 0 ? '' : '.'}${String(segment)}`))
    .join('');
}

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function problemOf(issue: Issue, data: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(data, issue.path) === undefined && issue.path.length > 0) return 'fehlt';
      return `erwartet ${TYPE_NAMES[issue.expected ?? ''] ?? issue.expected ?? 'anderen Typ'}`;
    case 'invalid_value':
      // The allowed values come from the contract, not from the answer.
      return issue.values?.length ? `erwartet einen von: ${issue.values.map(String).join(', ')}` : 'ungültiger Wert';
    case 'too_small':
      return 'zu klein oder zu kurz';
    case 'too_big':
      return 'zu groß oder zu lang';
    case 'invalid_format':
      return 'ungültiges Format';
    case 'invalid_union':
      return 'passt zu keiner erlaubten Form';
    case 'unrecognized_keys':
      return 'unerwartete Felder';
    case 'custom':
      // A rule of the contract's own (e.g. primary ≠ backup) words its problem in German itself.
      return issue.message || 'ungültig';
    default:
      return 'ungültig';
  }
}

/** The first `max` problems as `path: problem`, joined by '; ' (and how many more there are). */
export function describeProblems(issues: readonly Issue[], data: unknown, max = 3): string {
  const parts = issues.slice(0, max).map((issue) => {
    const where = formatPath(issue.path);
    return where ? `${where}: ${problemOf(issue, data)}` : problemOf(issue, data);
  });
  const more = issues.length - max;
  return parts.join('; ') + (more > 0 ? ` (und ${more} weitere)` : '');
}
