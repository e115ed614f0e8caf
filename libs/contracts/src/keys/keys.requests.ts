import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const API_KEY_PREFIX = 'mblt_';
export const API_KEY_RANDOM_LENGTH = 32;
/** `mblt_` + 32 characters of [A-Za-z0-9]. */
export const API_KEY_PATTERN = /^mblt_[A-Za-z0-9]{32}$/;
export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_DESCRIPTION_MAX_LENGTH = 500;
export const DEFAULT_API_KEY_NAME = 'Default API Key';
/** Characters of the key shown in lists and in the one-time reveal mask. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 8;

export class CreateApiKeyRequest {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(API_KEY_NAME_MAX_LENGTH)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(API_KEY_DESCRIPTION_MAX_LENGTH)
  description?: string;

  /** Set on the default key created at sign-up (the user's memory graph). */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  graphId?: string;
}

export class ListApiKeysRequest {
  /** The programmatic list returns active keys only; the settings screen lists all. */
  @IsBoolean()
  activeOnly!: boolean;
}

export class RevokeApiKeyRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  keyId!: string;
}

export class UpdateApiKeyRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  keyId!: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(API_KEY_NAME_MAX_LENGTH)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(API_KEY_DESCRIPTION_MAX_LENGTH)
  description?: string;
}

/** Gateway: who owns this key? Public subject (no user in meta): the key is the credential. */
export class ValidateApiKeyRequest {
  @IsString()
  @MaxLength(128)
  key!: string;
}
