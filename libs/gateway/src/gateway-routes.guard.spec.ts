import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, type INestApplication, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { BusModule, InProcessBroker } from '@membolt/bus';
import { ApiKeyGuard } from './auth/api-key.guard.js';
import { ACCEPTS_BEARER_API_KEY } from './auth/bearer-api-key.js';
import { ACCEPTS_TOKEN_AUTHORIZATION } from './auth/token-authorization.decorator.js';
import { GatewayDocs, setupGatewayDocs } from './docs/gateway-docs.js';
import { GATEWAY_CONTROLLERS, GatewayModule } from './gateway.module.js';
import { IS_PUBLIC_ROUTE } from './public.decorator.js';

/** Every route handler of a controller class: its method name and function. */
function routeHandlers(controller: Type<unknown>): Array<{ name: string; handler: object }> {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype)
    .map((name) => ({ name, handler: prototype[name] }))
    .filter(
      (entry): entry is { name: string; handler: object } =>
        typeof entry.handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, entry.handler),
    );
}

/** The routes of `controller` that are neither @Public() nor behind ApiKeyGuard. */
function unguardedRoutes(controller: Type<unknown>): string[] {
  const guarded = (target: object) =>
    ((Reflect.getMetadata(GUARDS_METADATA, target) ?? []) as unknown[]).includes(ApiKeyGuard);
  const isPublic = (target: object) => Reflect.getMetadata(IS_PUBLIC_ROUTE, target) === true;
  return routeHandlers(controller)
    .filter(
      ({ handler }) =>
        !isPublic(handler) && !isPublic(controller) && !guarded(handler) && !guarded(controller),
    )
    .map(({ name }) => `${controller.name}.${name}`);
}

describe('gateway routes: every route declares its guard', () => {
  let app: INestApplication;
  let controllers: Array<Type<unknown>>;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        BusModule.forRoot({
          transport: { transport: 'in-process', broker: new InProcessBroker() },
          timeoutMs: 1000,
        }),
        DiscoveryModule,
        GatewayModule,
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    controllers = app
      .get(DiscoveryService)
      .getControllers()
      .map((wrapper) => wrapper.metatype as Type<unknown>);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('finds the gateway controllers through Nest discovery', () => {
    expect(controllers.length).toBeGreaterThan(GATEWAY_CONTROLLERS.length);
    for (const controller of GATEWAY_CONTROLLERS) expect(controllers).toContain(controller);
  });

  it('has no route that is neither @Public() nor guarded by ApiKeyGuard', () => {
    expect(controllers.flatMap(unguardedRoutes)).toEqual([]);
  });

  it('names the user of every /user/… path `userId`, the parameter ApiKeyGuard checks the key owner against', () => {
    const paths = (target: object): string[] =>
      [Reflect.getMetadata(PATH_METADATA, target) ?? ''].flat() as string[];
    const routes = controllers.flatMap((controller) =>
      routeHandlers(controller).flatMap(({ handler }) =>
        paths(controller).flatMap((base) =>
          paths(handler).map((path) => `${base}/${path}`.replace(/\/+/g, '/')),
        ),
      ),
    );
    expect(routes).toContain('user/:userId/create');
    expect(routes.filter((route) => /(^|\/)user\/(?!:userId(\/|$))/.test(route))).toEqual([]);
  });

  it('would catch a controller that forgot both (the check itself works)', () => {
    @Controller('forgotten')
    class ForgottenController {
      @Get()
      list(): string[] {
        return [];
      }
    }
    expect(unguardedRoutes(ForgottenController)).toEqual(['ForgottenController.list']);
  });

  it('documents the X-API-Key requirement (and the bearer key where accepted) on exactly the guarded routes', () => {
    setupGatewayDocs(app);
    const document = app.get(GatewayDocs, { strict: false }).openApiDocument();
    const operations = new Map(
      Object.values(document.paths).flatMap((item) =>
        Object.values(item as Record<string, { operationId?: string; security?: unknown }>).map(
          (op) => [op.operationId, op] as const,
        ),
      ),
    );
    let checked = 0;
    for (const controller of GATEWAY_CONTROLLERS) {
      for (const { name, handler } of routeHandlers(controller)) {
        const operation = operations.get(`${controller.name}_${name}`);
        if (!operation) continue; // excluded from the document (the docs routes themselves)
        checked++;
        const isPublic = Reflect.getMetadata(IS_PUBLIC_ROUTE, handler) === true;
        const bearer = Reflect.getMetadata(ACCEPTS_BEARER_API_KEY, controller) === true;
        const takesToken = Reflect.getMetadata(ACCEPTS_TOKEN_AUTHORIZATION, controller) === true;
        expect([`${controller.name}.${name}`, operation.security]).toEqual([
          `${controller.name}.${name}`,
          isPublic
            ? undefined
            : [
                { 'X-API-Key': [] },
                ...(bearer ? [{ Bearer: [] }] : []),
                ...(takesToken ? [{ Token: [] }] : []),
              ],
        ]);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
