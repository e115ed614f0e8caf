/** Where new key ids and secrets come from (a CSPRNG in production; tests may force collisions). */
export interface ApiKeyGenerator {
  newId(): string;
  newSecret(): string;
}

export const API_KEY_GENERATOR = Symbol('API_KEY_GENERATOR');
