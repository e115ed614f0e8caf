import { randomUUID } from 'node:crypto';
import { generateApiKeySecret } from '../../domain/api-key-secret.js';
import type { ApiKeyGenerator } from '../../ports/api-key-generator.js';

export class CryptoApiKeyGenerator implements ApiKeyGenerator {
  newId(): string {
    return randomUUID();
  }

  newSecret(): string {
    return generateApiKeySecret();
  }
}
