/**
 * LIMIT and OFFSET as SQLite integers. A JS number past 2^53 (or any non-integer) would be bound as a REAL,
 * which SQLite refuses there with "datatype mismatch"; a page is checked at the service's door, and a store
 * given one it cannot bind says so plainly instead.
 */
export function sqlitePage(limit: number, offset: number): [bigint, bigint] {
  for (const [name, value] of [
    ['limit', limit],
    ['offset', offset],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${name} must be a non-negative safe integer, got ${String(value)}`);
  }
  return [BigInt(limit), BigInt(offset)];
}
