import { Body, Delete, Get, Header, Param, Put, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type EdgeReply, takeOver, writeText } from '@membolt/edge';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { MEMORY_TEXT_MAX_LENGTH, MemoryMessages } from '@membolt/contracts';
import { ContractValidationPipe } from '@membolt/platform';
import { randomBytes } from 'node:crypto';
import { checked } from '../common/rest-query.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { portalLinkRefused } from '../gateway.errors.js';
import { MemoryDeletionResponse, NoQuery, NoQuerySchema } from '../memories/memory.dto.js';
import { MemoryIdPipe } from '../memories/memory-id.pipe.js';
import { toMemoryDeletionResponse } from '../memories/memory.views.js';
import { Public } from '../public.decorator.js';
import type { PortalGrant } from './portal-link.js';
import {
  DEFAULT_PORTAL_THEME,
  portalContentSecurityPolicy,
  portalErrorPage,
  portalPage,
  themeOf,
} from './portal-page.html.js';
import { PortalLinkRefused, PortalService } from './portal.service.js';
import { type PortalMemory, toPortalMemory } from './portal.views.js';

/** The portal's address: `/portal/{token}`, outside /api (it is a page for end users, not the developer API). */
const PORTAL_PATH = 'portal';

/** A corrected memory text: the rules in the order the class this replaces checked them, length first. */
export const PortalCorrectionBodySchema = z.strictObject({
  text: checked<string>(
    [
      MemoryMessages.textTooLong,
      (value) => typeof value === 'string' && value.length <= MEMORY_TEXT_MAX_LENGTH,
    ],
    [MemoryMessages.textRequired, (value) => value !== '' && value !== null && value !== undefined],
    [MemoryMessages.textRequired, (value) => typeof value === 'string'],
  ),
});
export type PortalCorrectionBody = z.output<typeof PortalCorrectionBodySchema>;

const LINK_MESSAGES = {
  expired: {
    title: 'This link has expired',
    message: 'For your privacy these links work for a short time only. Open the page again from the app.',
  },
  invalid: {
    title: 'This link is not valid',
    message: 'The link is incomplete or was changed. Open the page again from the app.',
  },
} as const;

/**
 * The end user's side of the portal. The signed token in the path is the whole permission (no key, no cookie):
 * each route checks it, then acts only as its account, inside its end user's scope. The page is HTML (its
 * errors too); the routes its script calls answer JSON with `{error, message}` errors.
 */
@ApiExcludeController()
@GatewayController(PORTAL_PATH)
export class PortalPageController {
  constructor(private readonly portal: PortalService) {}

  @Get(':token')
  @Public()
  async page(@Param('token') token: string, @Res() reply: EdgeReply): Promise<void> {
    const res = reply.raw;
    const nonce = randomBytes(16).toString('base64');
    let grant: PortalGrant;
    try {
      grant = this.portal.grantOf(token);
    } catch (error) {
      if (!(error instanceof PortalLinkRefused)) throw error;
      // An expired link of this server still shows the account's look, inside the frames it allows.
      const settings = error.expiredGrant ? await this.portal.settingsFor(error.expiredGrant) : null;
      const theme = settings ? themeOf(settings) : DEFAULT_PORTAL_THEME;
      const text = LINK_MESSAGES[error.problem];
      this.pageHeaders(res, portalContentSecurityPolicy(nonce, theme, settings?.frameOrigins ?? []));
      takeOver(reply);
      writeText(
        res,
        error.problem === 'expired' ? 410 : 401,
        'text/html',
        portalErrorPage(nonce, theme, text.title, text.message),
      );
      return;
    }
    const settings = await this.portal.settingsFor(grant);
    const theme = themeOf(settings);
    this.pageHeaders(res, portalContentSecurityPolicy(nonce, theme, settings.frameOrigins));
    takeOver(reply);
    writeText(res, 200, 'text/html', portalPage(nonce, theme, grant.expiresAt));
  }

  @Get(':token/memories')
  @Public()
  @Header('Cache-Control', 'no-store')
  async memories(
    @Param('token') token: string,
    @Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery,
  ): Promise<{ end_user_id: string; memories: PortalMemory[] }> {
    const grant = this.grant(token);
    const memories = await this.portal.memories(grant);
    return { end_user_id: grant.endUserId, memories: memories.map(toPortalMemory) };
  }

  @Put(':token/memories/:memoryId')
  @Public()
  @Header('Cache-Control', 'no-store')
  async correct(
    @Param('token') token: string,
    @Param('memoryId', MemoryIdPipe) memoryId: string,
    @Body(new ContractValidationPipe(PortalCorrectionBodySchema)) body: PortalCorrectionBody,
  ): Promise<PortalMemory> {
    return toPortalMemory(await this.portal.correct(this.grant(token), memoryId, body.text));
  }

  @Delete(':token/memories/:memoryId')
  @Public()
  @Header('Cache-Control', 'no-store')
  async forget(
    @Param('token') token: string,
    @Param('memoryId', MemoryIdPipe) memoryId: string,
  ): Promise<MemoryDeletionResponse> {
    return toMemoryDeletionResponse(await this.portal.forget(this.grant(token), memoryId));
  }

  @Delete(':token/memories')
  @Public()
  @Header('Cache-Control', 'no-store')
  async forgetAll(@Param('token') token: string): Promise<MemoryDeletionResponse> {
    return toMemoryDeletionResponse(await this.portal.forgetAll(this.grant(token)));
  }

  @Get(':token/export')
  @Public()
  async export(@Param('token') token: string, @Res() reply: EdgeReply): Promise<void> {
    const grant = this.grant(token);
    const { memories, exportedAt } = await this.portal.export(grant);
    const document = {
      end_user_id: grant.endUserId,
      exported_at: exportedAt.toISOString(),
      memory_count: memories.length,
      memories: memories.map(toPortalMemory),
    };
    const res = takeOver(reply);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', 'attachment; filename="my-data.json"');
    writeText(res, 200, 'application/json', JSON.stringify(document, null, 2));
  }

  private grant(token: string): PortalGrant {
    try {
      return this.portal.grantOf(token);
    } catch (error) {
      if (error instanceof PortalLinkRefused) throw portalLinkRefused(error.message);
      throw error;
    }
  }

  private pageHeaders(res: ServerResponse, policy: string): void {
    res.setHeader('Content-Security-Policy', policy);
    // frame-ancestors decides who may frame the page; the edge's SAMEORIGIN default would contradict it.
    res.removeHeader('X-Frame-Options');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Referrer-Policy', 'no-referrer');
  }
}
