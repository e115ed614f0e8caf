import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphqlErrorCode } from '@membolt/contracts/rules';

/** Lets the Apollo link (created before React renders) open the Subscription problem dialog. */
export class SubscriptionRefusalSignal {
  private readonly listeners = new Set<(reason: string) => void>();

  subscribe(listener: (reason: string) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(reason: string): void {
    for (const listener of this.listeners) listener(reason);
  }
}

/** The server refused an operation because of the subscription check: the dialog says why, wherever it was. */
export function createSubscriptionRefusalLink(signal: SubscriptionRefusalSignal): ErrorLink {
  return new ErrorLink(({ error }) => {
    if (!CombinedGraphQLErrors.is(error)) return;
    const refusal = error.errors.find(
      (entry) => entry.extensions?.['code'] === GraphqlErrorCode.SubscriptionInvalid,
    );
    const reason = refusal?.extensions?.['reason'];
    if (refusal) signal.emit(typeof reason === 'string' ? reason : 'validation_error');
  });
}
