import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import {
  DEFAULT_PRIVACY_POLICY,
  MemorySubjects,
  type PrivacyPolicyView,
  SENSITIVE_KINDS,
} from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import { PrivacyPolicyModel, UpdatePrivacyPolicyInput } from './privacy-policy.models.js';

const toPrivacyPolicyModel = (view: PrivacyPolicyView): PrivacyPolicyModel => ({
  kinds: SENSITIVE_KINDS.map((kind) => ({
    kind,
    action: view.policy[kind],
    defaultAction: DEFAULT_PRIVACY_POLICY[kind],
    redactionCount: view.redactionCounts[kind],
  })),
});

/** The Settings card of the write-time privacy policy: the signed-in account's own policy. */
@Resolver(() => PrivacyPolicyModel)
export class PrivacyPolicyResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => PrivacyPolicyModel)
  async privacyPolicy(@CurrentUser() user: SessionUser): Promise<PrivacyPolicyModel> {
    return toPrivacyPolicyModel(
      await this.bus.request(MemorySubjects.privacyPolicy, {}, { userId: user.userId }),
    );
  }

  @Mutation(() => PrivacyPolicyModel, {
    description:
      'Sets what the policy does with one kind; the memory service refuses an unknown kind or action.',
  })
  async updatePrivacyPolicy(
    @CurrentUser() user: SessionUser,
    @Args('input') input: UpdatePrivacyPolicyInput,
  ): Promise<PrivacyPolicyModel> {
    return toPrivacyPolicyModel(
      await this.bus.request(
        MemorySubjects.updatePrivacyPolicy,
        { actions: { [input.kind]: input.action } },
        { userId: user.userId },
      ),
    );
  }
}
