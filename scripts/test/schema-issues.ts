// How the contract tools print a schema's complaints: `path.to.field: message; …`.

/** A Standard Schema issue, as zod's `~standard.validate` reports it. */
interface SchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

export function describeIssues(issues: readonly SchemaIssue[]): string {
  return issues
    .map((i) => {
      const at = (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.');
      return `${at || '(root)'}: ${i.message}`;
    })
    .join('; ');
}
