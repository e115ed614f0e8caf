/** One generated input: an HTTP request sent with fetch, or raw bytes written to a socket. */
export type FuzzRequest =
  | {
      readonly kind: 'http';
      /** Which generator made it (counted in the report). */
      readonly family: string;
      readonly method: string;
      readonly path: string;
      readonly headers: Readonly<Record<string, string>>;
      readonly body?: string;
      /** A GraphQL mutation or a REST write that may change state when accepted. */
      readonly mayWrite: boolean;
    }
  | { readonly kind: 'raw'; readonly family: string; readonly bytes: string };

/** What the fuzzer knows of the running product: credentials for a user it created before fuzzing. */
export interface FuzzPrincipal {
  readonly userId: string;
  readonly apiKey: string;
  /** `mb_at=…` for the BFF. */
  readonly sessionCookie: string;
}
