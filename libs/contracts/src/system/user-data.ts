import { z } from 'zod';
import { defineSubject } from '../common/envelope.js';
import type { UserDataDeletionView } from '../identity/user.view.js';
import type { ServiceName } from './services.js';

/** `<service>.user-data.delete.v1` (user): remove everything the service holds for the user. Idempotent. */
export const DeleteUserDataRequest = z.strictObject({});
export type DeleteUserDataRequest = z.output<typeof DeleteUserDataRequest>;

/** The services that hold user data besides identity, asked in this order when an account is deleted. */
export const USER_DATA_SERVICES = [
  'keys',
  'billing',
  'memory',
  'ingestion',
  'chat',
  'webhooks',
] as const satisfies readonly ServiceName[];
export type UserDataService = (typeof USER_DATA_SERVICES)[number];

export const deleteUserDataSubject = (service: UserDataService) =>
  defineSubject<DeleteUserDataRequest, UserDataDeletionView>(service, `${service}.user-data.delete.v1`);
