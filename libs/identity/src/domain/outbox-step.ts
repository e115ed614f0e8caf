import { USER_DATA_SERVICES, type UserDataService } from '@membolt/contracts';

/**
 * Follow-up work that must happen over the bus after a local change, recorded durably with the change and
 * retried until it succeeds. Keyed by (user, kind): each kind is idempotent, so running one twice is harmless.
 */
export type SetupStepKind = 'init-subscription';
export type DeletionStepKind = `delete-user-data:${UserDataService}`;
/**
 * A step no release records any more but a store may still hold: completed without doing anything.
 * `create-default-api-key` made a key whose secret nobody was ever shown (decision 088).
 */
export type RetiredStepKind = 'create-default-api-key';
export type OutboxStepKind = SetupStepKind | DeletionStepKind | RetiredStepKind;

/** The steps every new account gets, in order. */
export const SETUP_STEP_KINDS: readonly SetupStepKind[] = ['init-subscription'];

const RETIRED_STEP_KINDS: readonly RetiredStepKind[] = ['create-default-api-key'];

export function isRetiredStep(kind: OutboxStepKind): kind is RetiredStepKind {
  return (RETIRED_STEP_KINDS as readonly string[]).includes(kind);
}

export const deletionStepKind = (service: UserDataService): DeletionStepKind => `delete-user-data:${service}`;

export function isSetupStep(kind: OutboxStepKind): kind is SetupStepKind {
  return (SETUP_STEP_KINDS as readonly string[]).includes(kind);
}

/** The service a deletion step targets, or null for other kinds. */
export function deletionStepService(kind: OutboxStepKind): UserDataService | null {
  const service = kind.startsWith('delete-user-data:') ? kind.slice('delete-user-data:'.length) : null;
  return service !== null && (USER_DATA_SERVICES as readonly string[]).includes(service)
    ? (service as UserDataService)
    : null;
}

export interface OutboxStep {
  readonly userId: string;
  readonly kind: OutboxStepKind;
  readonly createdAt: Date;
  readonly attempts: number;
  /** When the step is due; a claimed step is pushed forward by its lease so no other worker takes it. */
  readonly nextAttemptAt: Date;
  readonly lastError: string | null;
}
