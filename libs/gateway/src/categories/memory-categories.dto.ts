import { ApiProperty } from '@nestjs/swagger';
import {
  CUSTOM_MEMORY_CATEGORIES_MAX,
  MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH,
  MEMORY_CATEGORY_NAME_MAX_LENGTH,
  MEMORY_CATEGORY_NAME_PATTERN,
} from '@membolt/contracts';

const NAME = {
  description:
    'A lowercase slug, unique in the account; not a built-in category (personal, work, preference, interest) ' +
    'nor none.',
  pattern: MEMORY_CATEGORY_NAME_PATTERN.source,
  maxLength: MEMORY_CATEGORY_NAME_MAX_LENGTH,
  example: 'travel',
};
const DESCRIPTION = {
  description: 'What the category holds, in words: the fact extractors read it to assign the category.',
  minLength: 1,
  maxLength: MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH,
  example: 'Trips, flights, hotels and places visited or planned',
};

/** `POST /api/user/{userId}/categories`. */
export class CreateMemoryCategoryBody {
  @ApiProperty(NAME)
  name!: string;

  @ApiProperty(DESCRIPTION)
  description!: string;
}

/** `PUT /api/user/{userId}/categories/{name}`: the name is the category's identity and does not change. */
export class UpdateMemoryCategoryBody {
  @ApiProperty(DESCRIPTION)
  description!: string;
}

export class MemoryCategoryResponse {
  @ApiProperty(NAME)
  name!: string;

  @ApiProperty(DESCRIPTION)
  description!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export class MemoryCategoryListResponse {
  @ApiProperty({
    type: [MemoryCategoryResponse],
    description: `The account's custom categories by name (at most ${CUSTOM_MEMORY_CATEGORIES_MAX}).`,
  })
  categories!: MemoryCategoryResponse[];

  @ApiProperty({
    type: [String],
    description: 'The built-in categories every account has, beside its own.',
    example: ['personal', 'work', 'preference', 'interest'],
  })
  built_in!: string[];
}

export class MemoryCategoryDeletionResponse {
  @ApiProperty({ example: 'travel' })
  name!: string;

  @ApiProperty({ description: 'Memories that carried the category: they are uncategorised now.' })
  memories_uncategorised!: number;
}
