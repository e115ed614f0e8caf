export { AesGcmSecretCipher, deriveEncryptionKey } from '@membolt/platform';
