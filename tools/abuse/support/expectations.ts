/**
 * What each probe expects of the product, in one place. Where the product has no settled error code yet,
 * a probe checks the status class and the size of the answer, not a code string.
 */
export const EXPECTED = {
  /** Refused input: a small `{error, message}` (REST) or one short GraphQL error, never an echo of it. */
  maxErrorBodyBytes: 10_240,
  /** GraphQL: a malformed input is one error. */
  maxGraphqlErrors: 1,
  /** Codes a refusal must never carry. */
  forbiddenGraphqlCodes: ['INTERNAL_SERVER_ERROR'],
  /** Refused REST input. */
  badInputStatus: [400],
  /** A huge offset: refused as invalid, or an empty page. */
  hugeOffsetStatus: [200, 400],
  /** A large NDJSON import: done in the request, refused as too large, or accepted as a job. */
  largeImportStatus: [200, 201, 202, 400, 413],
  /** Upload states that end a job; a hostile file must end `failed` with a reason (or be truncated). */
  finalUploadStates: ['done', 'failed'],
  /** Under load the edges may shed with this status, and then must say when to come back. */
  shedStatus: 503,
  /** Statuses a load probe may see besides 2xx (the shed status, with Retry-After). */
  loadAcceptedStatuses: [200, 201, 503],
  /** The subscription a user who asked for Enterprise still has. */
  planAfterRefusedChange: 'free',
  /** The rate-limit probe's product settings and what the second key must still get. */
  rateLimit: { perKey: 120, perUser: 240, refusedOnFirstKey: 10 },
  /** Issue targets: reported (and asserted only in full size, where a run is deliberate). */
  statusP99Ms: 1_000,
  rssTolerance: 0.2,
  loadP99Ms: 2_000,
} as const;
