import { Inject, Logger } from '@nestjs/common';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import {
  CommonError,
  CommonErrorCode,
  IdentityErrorCode,
  IdentitySubjects,
  MemboltError,
  SIGN_IN_REQUIRED_MESSAGE,
} from '@membolt/contracts';
import { AuthConfigModel, SignInInput, SignUpInput, ViewerModel } from '../account/account.models.js';
import { BFF_OPTIONS, type BffModuleOptions } from '../bff.options.js';
import { Public } from '../common/public.decorator.js';
import { clientInfo, type GraphqlHttpContext, HttpContext } from './current-user.decorator.js';
import { readDeviceToken, setDeviceCookie } from './device-cookie.js';
import {
  clearSessionCookies,
  cookieOptionsFor,
  readCookie,
  REFRESH_COOKIE,
  setSessionCookies,
} from './session-cookies.js';

/** Sign-up, sign-in, refresh, sign-out and password reset: the operations that create or end sessions. */
@Resolver()
export class SessionResolver {
  private readonly logger = new Logger(SessionResolver.name);

  constructor(
    private readonly bus: BusClient,
    @Inject(BFF_OPTIONS) private readonly options: BffModuleOptions,
  ) {}

  private get cookieOptions() {
    return cookieOptionsFor(this.options.publicUrl);
  }

  @Query(() => AuthConfigModel, { description: 'Which sign-in methods this server offers.' })
  @Public()
  async authConfig(): Promise<AuthConfigModel> {
    const status = await this.bus.request(IdentitySubjects.oidcStatus, {});
    return { googleEnabled: status.enabled, googleProviderName: status.providerName };
  }

  @Mutation(() => ViewerModel, { description: 'Creates an account and signs it in (session cookies).' })
  @Public()
  async signUp(
    @Args('input') input: SignUpInput,
    @HttpContext() http: GraphqlHttpContext,
  ): Promise<ViewerModel> {
    const session = await this.bus.request(IdentitySubjects.signUp, { ...input, ...clientInfo(http.req) });
    setSessionCookies(http.res, session, this.cookieOptions);
    return session.user;
  }

  @Mutation(() => ViewerModel, { description: 'Signs in with e-mail and password (session cookies).' })
  @Public()
  async signIn(
    @Args('input') input: SignInInput,
    @HttpContext() http: GraphqlHttpContext,
  ): Promise<ViewerModel> {
    const session = await this.bus.request(IdentitySubjects.signIn, {
      ...input,
      ...clientInfo(http.req),
      ...readDeviceToken(http.req),
    });
    setSessionCookies(http.res, session, this.cookieOptions);
    setDeviceCookie(http.res, session.deviceToken, this.cookieOptions);
    return session.user;
  }

  @Mutation(() => ViewerModel, { description: 'Rotates the refresh cookie and issues a new access cookie.' })
  @Public()
  async refreshSession(@HttpContext() http: GraphqlHttpContext): Promise<ViewerModel> {
    const refreshToken = readCookie(http.req, REFRESH_COOKIE);
    if (!refreshToken) throw new CommonError(CommonErrorCode.Unauthorized, SIGN_IN_REQUIRED_MESSAGE);
    try {
      const session = await this.bus.request(IdentitySubjects.refreshSession, { refreshToken });
      setSessionCookies(http.res, session, this.cookieOptions);
      return session.user;
    } catch (error) {
      if (
        error instanceof MemboltError &&
        (error.code === IdentityErrorCode.InvalidSession || error.code === IdentityErrorCode.UserNotFound)
      ) {
        clearSessionCookies(http.res, this.cookieOptions);
      }
      throw error;
    }
  }

  @Mutation(() => Boolean, {
    description: 'Ends the session: revokes the refresh token and clears the cookies.',
  })
  @Public()
  async signOut(@HttpContext() http: GraphqlHttpContext): Promise<boolean> {
    const refreshToken = readCookie(http.req, REFRESH_COOKIE);
    clearSessionCookies(http.res, this.cookieOptions);
    if (refreshToken) {
      try {
        await this.bus.request(IdentitySubjects.signOut, { refreshToken });
      } catch (error) {
        // The cookies are gone either way; an unrevoked refresh token still expires on its own.
        this.logger.warn(
          `Sign-out could not revoke the session: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'E-mails a reset link when the address is registered; always answers true.',
  })
  @Public()
  async requestPasswordReset(@Args('email') email: string): Promise<boolean> {
    await this.bus.request(IdentitySubjects.requestPasswordReset, {
      email,
      resetUrl: `${this.options.publicUrl}/reset-password`,
    });
    return true;
  }

  @Mutation(() => Boolean, { description: 'Sets a new password with a single-use reset token.' })
  @Public()
  async resetPassword(
    @Args('token') token: string,
    @Args('newPassword') newPassword: string,
  ): Promise<boolean> {
    await this.bus.request(IdentitySubjects.completePasswordReset, { token, newPassword });
    return true;
  }
}
