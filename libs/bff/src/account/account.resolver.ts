import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { BUS_CLIENT_OPTIONS, BusClient, type BusClientOptions } from '@membolt/bus';
import {
  BillingErrorCode,
  CommonErrorCode,
  type DeletionReceiptView,
  FREE_PLAN_ID,
  IdentitySubjects,
  MemboltError,
  SubscriptionSubjects,
  USER_DATA_SERVICES,
} from '@membolt/contracts';
import { BFF_OPTIONS, type BffModuleOptions } from '../bff.options.js';
import { type GraphqlHttpContext, CurrentUser, HttpContext } from '../session/current-user.decorator.js';
import { RecentSignIn } from '../session/recent-sign-in.js';
import { clearSessionCookies, cookieOptionsFor } from '../session/session-cookies.js';
import type { SessionUser } from '../session/session.guard.js';
import { definedFields, toDeletionReceipt } from './account.mapper.js';
import {
  ChangePasswordInput,
  DeletionReceiptModel,
  UpdateNotificationsInput,
  UpdatePreferencesInput,
  UpdateProfileInput,
  ViewerModel,
} from './account.models.js';

/** The signed-in user's own account: profile, preferences, notifications, password, deletion. */
@Resolver(() => ViewerModel)
export class AccountResolver {
  constructor(
    private readonly bus: BusClient,
    @Inject(BFF_OPTIONS) private readonly options: BffModuleOptions,
    private readonly recentSignIn: RecentSignIn,
    @Inject(BUS_CLIENT_OPTIONS) private readonly busOptions: BusClientOptions,
  ) {}

  @Query(() => ViewerModel, {
    description: 'The signed-in user (UNAUTHENTICATED when there is no valid session).',
  })
  async viewer(@CurrentUser() user: SessionUser): Promise<ViewerModel> {
    return this.bus.request(IdentitySubjects.currentUser, {}, { userId: user.userId });
  }

  @ResolveField(() => String, {
    nullable: true,
    description:
      "The user's plan id from billing (free, pay-per-use, basic, pro, enterprise); null if billing is unreachable.",
  })
  async plan(@Parent() viewer: ViewerModel): Promise<string | null> {
    try {
      return (await this.bus.request(SubscriptionSubjects.get, {}, { userId: viewer.id })).plan;
    } catch (error) {
      // No subscription yet (sign-up still completing): the documented default is the free plan.
      if (error instanceof MemboltError && error.code === BillingErrorCode.SubscriptionNotFound)
        return FREE_PLAN_ID;
      return null;
    }
  }

  @Mutation(() => ViewerModel)
  async updateProfile(
    @CurrentUser() user: SessionUser,
    @Args('input') input: UpdateProfileInput,
  ): Promise<ViewerModel> {
    return this.bus.request(IdentitySubjects.updateProfile, definedFields(input), { userId: user.userId });
  }

  @Mutation(() => ViewerModel)
  async updatePreferences(
    @CurrentUser() user: SessionUser,
    @Args('input') input: UpdatePreferencesInput,
  ): Promise<ViewerModel> {
    return this.bus.request(IdentitySubjects.updatePreferences, definedFields(input), {
      userId: user.userId,
    });
  }

  @Mutation(() => ViewerModel)
  async updateNotifications(
    @CurrentUser() user: SessionUser,
    @Args('input') input: UpdateNotificationsInput,
  ): Promise<ViewerModel> {
    return this.bus.request(IdentitySubjects.updateNotifications, definedFields(input), {
      userId: user.userId,
    });
  }

  @Mutation(() => Boolean, { description: 'Checks the current password, then sets the new one.' })
  async changePassword(
    @CurrentUser() user: SessionUser,
    @Args('input') input: ChangePasswordInput,
  ): Promise<boolean> {
    // Keep the session making the change; every other session of the user is signed out.
    await this.bus.request(
      IdentitySubjects.changePassword,
      { ...input, keepSessionId: user.sessionId },
      { userId: user.userId },
    );
    return true;
  }

  @Mutation(() => DeletionReceiptModel, {
    description: "Deletes the account and all of the user's data, then signs out.",
  })
  async deleteAccount(
    @CurrentUser() user: SessionUser,
    @HttpContext() http: GraphqlHttpContext,
    @Args('currentPassword', {
      type: () => String,
      nullable: true,
      description: 'Needed when the last sign-in is older than a few minutes (reauthentication-required).',
    })
    currentPassword: string | null,
  ): Promise<DeletionReceiptModel> {
    await this.recentSignIn.confirm(user, currentPassword);
    const receipt = await this.requestDeletion(user.userId);
    clearSessionCookies(http.res, cookieOptionsFor(this.options.publicUrl));
    return toDeletionReceipt(receipt);
  }

  /**
   * The deletion's answer, or, when it does not come in time, its real outcome: identity refuses a deletion
   * that starts after half of the wait (it then changes nothing, and the error stands), and one that has
   * started marks the account inactive first and finishes on its own (durable steps), so an inactive account
   * is answered as a deletion in progress with every service pending.
   */
  private async requestDeletion(userId: string): Promise<DeletionReceiptView> {
    const startBy = new Date(Date.now() + Math.floor(this.busOptions.timeoutMs / 2));
    try {
      return await this.bus.request(
        IdentitySubjects.deleteAccount,
        { startBy: startBy.toISOString() },
        { userId },
      );
    } catch (error) {
      if (!(error instanceof MemboltError) || error.code !== CommonErrorCode.ServiceUnavailable) throw error;
      // Asked only once the deadline to start has passed, so a deletion not begun by now never will be.
      const wait = startBy.getTime() - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const status = await this.bus.request(IdentitySubjects.userStatus, {}, { userId }).catch(() => null);
      if (!status || status.active) throw error;
      return { userId, deletedAt: new Date().toISOString(), services: [], pending: [...USER_DATA_SERVICES] };
    }
  }
}
