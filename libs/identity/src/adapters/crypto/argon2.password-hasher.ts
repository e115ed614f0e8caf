import { argon2id, hash, verify } from 'argon2';
import type { PasswordHashingOptions } from '../../identity.options.js';
import type { PasswordHasher } from '../../ports/password-hasher.js';

/** argon2id (memory-hard); the PHC string carries its own parameters, so costs can rise later. */
export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly options: PasswordHashingOptions) {}

  hash(password: string): Promise<string> {
    return hash(password, { type: argon2id, ...this.options });
  }

  async verify(digest: string, password: string): Promise<boolean> {
    try {
      return await verify(digest, password);
    } catch {
      return false;
    }
  }
}
