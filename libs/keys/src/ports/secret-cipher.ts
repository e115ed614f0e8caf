export { SECRET_CIPHER, type SecretCipher, UnopenableSecretError } from '@membolt/platform';
