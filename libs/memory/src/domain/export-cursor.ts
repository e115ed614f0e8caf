/** Export pages run oldest first by (createdAt, id); the cursor is the last item's pair, opaque to clients. */
export function encodeExportCursor(createdAtMs: number, id: string): string {
  return Buffer.from(JSON.stringify([createdAtMs, id])).toString('base64url');
}

/** The pair, or null when the cursor was not made by encodeExportCursor. */
export function decodeExportCursor(cursor: string): { createdAt: number; id: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string'
    ) {
      return { createdAt: value[0] as number, id: value[1] };
    }
  } catch {
    // not ours
  }
  return null;
}
