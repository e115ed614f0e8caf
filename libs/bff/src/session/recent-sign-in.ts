import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { IdentityError, IdentityErrorCode, IdentitySubjects } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { BFF_OPTIONS, type BffModuleOptions } from '../bff.options.js';
import { z } from 'zod';
import type { SessionUser } from './session.guard.js';

/** How recent a sign-in must be for a sensitive change without the password, unless configured. */
const DEFAULT_FRESH_SIGN_IN_MINUTES = 10;

const REAUTHENTICATION_REQUIRED_MESSAGE =
  'For your security, please confirm your current password (or sign in again) to continue.';

/**
 * Guards sensitive changes (creating an API key, deleting the account): a stolen access cookie alone must
 * not mint a permanent credential. The caller signed in within the last few minutes, or gives the current
 * password now; otherwise `reauthentication-required`, on which the web app asks for the password.
 */
@Injectable()
export class RecentSignIn {
  constructor(
    private readonly bus: BusClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BFF_OPTIONS) private readonly options: BffModuleOptions,
  ) {}

  async confirm(user: SessionUser, currentPassword: string | null | undefined): Promise<void> {
    if (currentPassword) {
      await this.bus.request(
        IdentitySubjects.verifyPassword,
        { password: currentPassword },
        { userId: user.userId },
      );
      return;
    }
    const windowMs = (this.options.freshSignInMinutes ?? DEFAULT_FRESH_SIGN_IN_MINUTES) * 60_000;
    if (user.authTime && this.clock.nowMs() - user.authTime.getTime() <= windowMs) return;
    throw new IdentityError(IdentityErrorCode.ReauthenticationRequired, REAUTHENTICATION_REQUIRED_MESSAGE);
  }
}

/** The field of a sensitive mutation's input that `RecentSignIn.confirm` reads. */
export const reauthenticationFields = {
  currentPassword: z.string().nullable().optional().meta({
    description:
      'The current password. Needed when the last sign-in is older than a few minutes (reauthentication-required).',
  }),
};
