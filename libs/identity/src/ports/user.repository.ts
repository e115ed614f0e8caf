import type { SetupStepKind } from '../domain/outbox-step.js';
import type { User, UserPatch } from '../domain/user.js';

export type CreateUserResult = 'created' | 'email-taken' | 'google-subject-taken';

export interface UserRepository {
  /**
   * Stores a new account together with its outbox steps: an account never exists without the follow-up
   * steps that finish its setup. Reports a taken e-mail or Google subject instead of throwing.
   */
  create(user: User, setupSteps: readonly SetupStepKind[]): Promise<CreateUserResult>;
  findById(userId: string): Promise<User | null>;
  /** Sign-in lookups: the e-mail or the Google subject is the credential here. */
  findByEmail(email: string): Promise<User | null>;
  findByGoogleSubject(subject: string): Promise<User | null>;
  /** Applies the patch to this user only; null when the user does not exist. */
  update(userId: string, patch: UserPatch): Promise<User | null>;
  delete(userId: string): Promise<number>;
}
