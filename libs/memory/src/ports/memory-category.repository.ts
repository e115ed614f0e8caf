import type { CustomMemoryCategory } from '../domain/memory-category.js';

/** The custom categories of accounts. Every method takes the account's user id. */
export interface MemoryCategoryRepository {
  /** The account's categories, by name. */
  list(userId: string): Promise<CustomMemoryCategory[]>;
  find(userId: string, name: string): Promise<CustomMemoryCategory | null>;
  /**
   * Stores a new category unless the account already holds one of that name ('exists') or `max` categories
   * ('full').
   */
  insert(category: CustomMemoryCategory, max: number): Promise<'inserted' | 'exists' | 'full'>;
  /** The category with its new description, or null when the account holds none of that name. */
  updateDescription(
    userId: string,
    name: string,
    description: string,
    at: Date,
  ): Promise<CustomMemoryCategory | null>;
  /**
   * Removes the category, and the category from every memory of the account carrying it (end users
   * included): they are uncategorised now. How many memories it left uncategorised; null when the account
   * holds no category of that name.
   */
  delete(userId: string, name: string): Promise<number | null>;
  /** Account deletion: every category of the user. */
  deleteUser(userId: string): Promise<number>;
}
