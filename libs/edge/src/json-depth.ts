/**
 * The nesting depth of a parsed JSON value, walked with an explicit stack so a hostile document cannot
 * overflow the call stack here (it would in class-transformer). Stops as soon as `limit` is exceeded.
 * Returns `true` when the value nests deeper than `limit` (a scalar has depth 0, `{}` and `[]` depth 1).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, depth } = item;
    if (current === null || typeof current !== 'object') continue;
    const childDepth = depth + 1;
    if (childDepth > limit) return true;
    const children: unknown[] = Array.isArray(current) ? current : Object.values(current);
    for (const child of children)
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: childDepth });
  }
  return false;
}
