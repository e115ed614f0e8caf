/**
 * An SDK client made on first use and shared after: the SDK's module is imported then, not when the
 * service starts (each official SDK costs tens of milliseconds and megabytes to load). A failed creation is
 * forgotten, so the next call tries again.
 */
export function lazyClient<T>(create: () => Promise<T>): () => Promise<T> {
  let client: Promise<T> | undefined;
  return () => {
    client ??= create().catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
}
