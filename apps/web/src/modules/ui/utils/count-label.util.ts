/** "1 page", "3 pages", "0 chunks": a count and its unit, plural unless the count is one. */
export const countLabel = (count: number, unit: string): string =>
  `${count} ${unit}${count === 1 ? '' : 's'}`;
