import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { MemorySubjects } from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import {
  CreateMemoryCategoryInput,
  CustomMemoryCategoryModel,
  MemoryCategoryDeletionModel,
  UpdateMemoryCategoryInput,
} from './memory-categories.models.js';

/**
 * The signed-in account's custom memory categories (decision 159): the Memories screen's card lists, adds,
 * describes again and deletes them. The memory service checks every rule (name, limits, built-in names).
 */
@Resolver(() => CustomMemoryCategoryModel)
export class MemoryCategoriesResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => [CustomMemoryCategoryModel], { description: "The account's custom categories, by name." })
  async customMemoryCategories(@CurrentUser() user: SessionUser): Promise<CustomMemoryCategoryModel[]> {
    const view = await this.bus.request(MemorySubjects.listCategories, {}, { userId: user.userId });
    return view.categories.map((category) => ({ ...category }));
  }

  @Mutation(() => CustomMemoryCategoryModel)
  async createMemoryCategory(
    @CurrentUser() user: SessionUser,
    @Args('input') input: CreateMemoryCategoryInput,
  ): Promise<CustomMemoryCategoryModel> {
    return {
      ...(await this.bus.request(
        MemorySubjects.createCategory,
        { name: input.name, description: input.description },
        { userId: user.userId },
      )),
    };
  }

  @Mutation(() => CustomMemoryCategoryModel)
  async updateMemoryCategory(
    @CurrentUser() user: SessionUser,
    @Args('input') input: UpdateMemoryCategoryInput,
  ): Promise<CustomMemoryCategoryModel> {
    return {
      ...(await this.bus.request(
        MemorySubjects.updateCategory,
        { name: input.name, description: input.description },
        { userId: user.userId },
      )),
    };
  }

  @Mutation(() => MemoryCategoryDeletionModel, {
    description: 'Removes a custom category; the memories carrying it become uncategorised.',
  })
  async deleteMemoryCategory(
    @CurrentUser() user: SessionUser,
    @Args('name') name: string,
  ): Promise<MemoryCategoryDeletionModel> {
    return { ...(await this.bus.request(MemorySubjects.deleteCategory, { name }, { userId: user.userId })) };
  }
}
