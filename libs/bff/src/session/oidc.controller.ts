import { Controller, Get, Inject, Logger, Query, Req, Res } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { IdentityErrorCode, IdentitySubjects, MemboltError } from '@membolt/contracts';
import { clearCookie, type EdgeReply, type EdgeRequest, redirect, setCookie } from '@membolt/edge';
import { BFF_OPTIONS, type BffModuleOptions } from '../bff.options.js';
import { clientInfo } from './current-user.decorator.js';
import { cookieOptionsFor, setSessionCookies } from './session-cookies.js';

/** Remembers which screen started the flow, so an error lands back on it. */
const RETURN_COOKIE = 'mb_oidc_from';
const RETURN_SCREENS = new Set(['/login', '/register']);

/**
 * "Sign in with Google" as browser redirects: /auth/oidc/start sends the browser to the provider;
 * /auth/oidc/callback finishes the code exchange in identity, sets the session cookies and lands on
 * /dashboard, or back on /login (or /register) with `?error=<code>`.
 */
@Controller('auth/oidc')
export class OidcController {
  private readonly logger = new Logger(OidcController.name);

  constructor(
    private readonly bus: BusClient,
    @Inject(BFF_OPTIONS) private readonly options: BffModuleOptions,
  ) {}

  private get cookieOptions() {
    return cookieOptionsFor(this.options.publicUrl);
  }

  @Get('start')
  async start(
    @Query('remember') remember: string | undefined,
    @Query('from') from: string | undefined,
    @Res() res: EdgeReply,
  ): Promise<void> {
    const returnTo = from && RETURN_SCREENS.has(from) ? from : '/login';
    try {
      const { authorizationUrl } = await this.bus.request(IdentitySubjects.startOidc, {
        redirectUri: `${this.options.publicUrl}/auth/oidc/callback`,
        remember: remember === 'true',
      });
      setCookie(res, RETURN_COOKIE, returnTo, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.cookieOptions.secure,
        maxAgeMs: 10 * 60_000,
        path: '/auth/oidc',
      });
      redirect(res, authorizationUrl);
    } catch (error) {
      redirect(res, `${returnTo}?error=${encodeURIComponent(this.codeOf(error))}`);
    }
  }

  @Get('callback')
  async callback(@Req() req: EdgeRequest, @Res() res: EdgeReply): Promise<void> {
    const saved = (req.cookies as Record<string, unknown> | undefined)?.[RETURN_COOKIE];
    const returnTo = typeof saved === 'string' && RETURN_SCREENS.has(saved) ? saved : '/login';
    clearCookie(res, RETURN_COOKIE, { path: '/auth/oidc' });
    try {
      const session = await this.bus.request(IdentitySubjects.finishOidc, {
        callbackUrl: `${this.options.publicUrl}${req.url}`,
        ...clientInfo(req),
      });
      setSessionCookies(res, session, this.cookieOptions);
      redirect(res, '/dashboard');
    } catch (error) {
      redirect(res, `${returnTo}?error=${encodeURIComponent(this.codeOf(error))}`);
    }
  }

  private codeOf(error: unknown): string {
    if (error instanceof MemboltError) return error.code;
    this.logger.error(`OIDC flow failed: ${error instanceof Error ? error.stack : String(error)}`);
    return IdentityErrorCode.OidcFailed;
  }
}
