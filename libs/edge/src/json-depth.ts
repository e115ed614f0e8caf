/**
 * The nesting depth of a parsed JSON value, walked with an explicit stack so a hostile document cannot
 * overflow the call stack here (it would in class-transformer). Stops as soon as `limit` is exceeded.
 * Returns `true` when the value nests deeper than `limit` (a scalar has depth 0, `{}` and `[]` depth 1).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  return jsonShapeProblem(value, { maxDepth: limit, maxFields: Number.POSITIVE_INFINITY }) === 'depth';
}

export interface JsonShapeLimits {
  /** Deepest nesting of objects and arrays (a scalar has depth 0, `{}` and `[]` depth 1). */
  readonly maxDepth: number;
  /** Most fields of any one object. */
  readonly maxFields: number;
}

/**
 * The first limit a parsed JSON value breaks, or undefined. One walk with an explicit stack, stopping at the
 * first problem. Objects with very many fields are refused because class-transformer's per-object key
 * de-duplication is quadratic (60,000 fields held the event loop for seconds) and GraphQL's coercion reports
 * every unknown field.
 */
export function jsonShapeProblem(value: unknown, limits: JsonShapeLimits): 'depth' | 'fields' | undefined {
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, depth } = item;
    if (current === null || typeof current !== 'object') continue;
    const childDepth = depth + 1;
    if (childDepth > limits.maxDepth) return 'depth';
    let children: unknown[];
    if (Array.isArray(current)) children = current;
    else {
      const keys = Object.keys(current);
      if (keys.length > limits.maxFields) return 'fields';
      children = keys.map((key) => (current as Record<string, unknown>)[key]);
    }
    for (const child of children)
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: childDepth });
  }
  return undefined;
}
