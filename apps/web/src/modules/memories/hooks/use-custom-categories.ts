import { useQuery } from '@apollo/client/react';
import { CUSTOM_CATEGORIES_QUERY } from '../graphql/queries/custom-categories.query';

/** The names of the account's custom categories (none while loading or when the query fails). */
export function useCustomCategoryNames(): readonly string[] {
  const { data } = useQuery(CUSTOM_CATEGORIES_QUERY);
  return data?.customMemoryCategories.map((category) => category.name) ?? [];
}
