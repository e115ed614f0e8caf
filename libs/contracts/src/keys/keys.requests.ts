import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { API_KEY_CANDIDATE_MAX_LENGTH } from '../common/request-limits.js';
import { IsApiKeyDescription, IsApiKeyName, IsEntityId } from '../common/validators.js';

export class CreateApiKeyRequest {
  @IsApiKeyName()
  name!: string;

  @IsOptional()
  @IsApiKeyDescription()
  description?: string;

  /** Set on the default key created at sign-up (the user's memory graph). */
  @IsOptional()
  @IsEntityId()
  graphId?: string;
}

export class ListApiKeysRequest {
  /** The programmatic list returns active keys only; the settings screen lists all. */
  @IsBoolean()
  activeOnly!: boolean;
}

export class RevokeApiKeyRequest {
  @IsEntityId()
  keyId!: string;
}

export class UpdateApiKeyRequest {
  @IsEntityId()
  keyId!: string;

  @IsOptional()
  @IsApiKeyName()
  name?: string;

  @IsOptional()
  @IsApiKeyDescription()
  description?: string;
}

/** Gateway: who owns this key? Public subject (no user in meta): the key is the credential. */
export class ValidateApiKeyRequest {
  @IsString()
  @MaxLength(API_KEY_CANDIDATE_MAX_LENGTH)
  key!: string;
}
