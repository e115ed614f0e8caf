import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The `extensions.code` of the first GraphQL error (e.g. `wrong-password`), or undefined for network errors. */
export function graphqlErrorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.['code'];
  return typeof code === 'string' ? code : undefined;
}

/** The server's own message of the first GraphQL error; undefined for network errors, whose text means nothing to users. */
export function graphqlErrorMessage(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const message = error.errors[0]?.message;
  return message ? message : undefined;
}
