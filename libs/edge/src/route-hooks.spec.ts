import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, type INestApplication, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger } from '@membolt/platform';
import type { FastifyInstance } from 'fastify';
import {
  answerEarly,
  answerFromCopies,
  configureHttpEdge,
  createHttpEdgeAdapter,
  gateRoutes,
  type KeptAnswer,
} from './http-edge.js';

const handled: string[] = [];

@Controller('api')
class RoutesController {
  @Get('early')
  early(): object {
    handled.push('early');
    return { from: 'controller' };
  }

  @Get('gated')
  gated(): object {
    handled.push('gated');
    return { from: 'controller' };
  }

  @Get('other')
  other(): object {
    handled.push('other');
    return { from: 'controller' };
  }

  @Post('kept')
  kept(@Body() body: { n: number }): object {
    handled.push('kept');
    return { n: body.n };
  }
}

@Module({ controllers: [RoutesController] })
class RoutesModule {}

/**
 * Route gates, early answers and kept answers are hooks of their routes alone: a request of another route
 * never steps through them nor looks its route up, and those of their route see them in the order they were
 * added, after the edge's own hooks (security headers, correlation id).
 */
describe('hooks bound to routes', () => {
  let app: INestApplication;
  let url: string;
  const calls: string[] = [];
  let gateAdmits = true;
  const keptAnswers = new Map<string, KeptAnswer>();
  let routeLookups = 0;

  beforeAll(async () => {
    const { adapter } = createHttpEdgeAdapter({
      logger: createLogger({ app: 'route-hooks', level: 'silent' }),
      bodyLimitBytes: 4096,
    });
    // Counts every read of a request's route as Fastify builds it (what a hook of every request would test
    // the route by), from a hook before any of those added below.
    (adapter.getInstance() as FastifyInstance).addHook('onRequest', (request, _reply, done) => {
      let read: (() => unknown) | undefined;
      for (let at: object | null = request; at && !read; at = Object.getPrototypeOf(at) as object | null)
        read = Object.getOwnPropertyDescriptor(at, 'routeOptions')?.get;
      if (read)
        Object.defineProperty(request, 'routeOptions', {
          get() {
            routeLookups++;
            return read.call(this) as unknown;
          },
        });
      done();
    });
    app = await NestFactory.create(RoutesModule, adapter, { bodyParser: false, logger: false });
    configureHttpEdge(app);
    const httpAdapter = app.getHttpAdapter();
    // Added before Nest registers its routes (they are registered as the app starts)...
    gateRoutes(httpAdapter, ['/api/gated', '/api/early'], (_request, response) => {
      calls.push('gate');
      if (gateAdmits) return true;
      response.statusCode = 429;
      response.end('{"error":"rate_limited","message":"Refused by the gate."}');
      return false;
    });
    await app.init();
    // ...and after: both reach their routes.
    answerEarly(httpAdapter, 'GET', '/api/early', (request, reply) => {
      calls.push('answer');
      reply.raw.setHeader('X-Answered', 'early');
      return request.headers['x-let-through'] === undefined ? { from: 'hook' } : undefined;
    });
    answerFromCopies(httpAdapter, 'POST', '/api/kept', {
      copyFor: (request) => {
        calls.push('copyFor');
        return keptAnswers.get(JSON.stringify(request.body));
      },
      sent: (request, answer) => {
        calls.push('sent');
        keptAnswers.set(JSON.stringify(request.body), answer);
      },
    });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    url = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  const reset = () => {
    calls.length = 0;
    handled.length = 0;
    routeLookups = 0;
  };

  it('answers early from the route’s hook, on Node’s response, with the edge’s headers and a JSON body', async () => {
    reset();
    const early = await fetch(`${url}/api/early`);
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ from: 'hook' });
    expect(early.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(early.headers.get('x-answered')).toBe('early');
    expect(early.headers.get('x-correlation-id')).toMatch(/\S/);
    expect(early.headers.get('content-security-policy')).toContain("default-src 'self'");
    // The gate was added first: it ran first.
    expect(calls).toEqual(['gate', 'answer']);
    expect(handled).toEqual([]);

    reset();
    const passed = await fetch(`${url}/api/early`, { headers: { 'x-let-through': '1' } });
    expect(await passed.json()).toEqual({ from: 'controller' });
    expect(handled).toEqual(['early']);
  });

  it('leaves a method the answer is not for (the HEAD twin) to the route, behind its gate', async () => {
    reset();
    const head = await fetch(`${url}/api/early`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(calls).toEqual(['gate']);
  });

  it('gates every method of its routes, and a refused request reaches neither the answer nor the handler', async () => {
    reset();
    gateAdmits = false;
    try {
      const refused = await fetch(`${url}/api/early`);
      expect(refused.status).toBe(429);
      const gated = await fetch(`${url}/api/gated`);
      expect(gated.status).toBe(429);
    } finally {
      gateAdmits = true;
    }
    expect(calls).toEqual(['gate', 'gate']);
    expect(handled).toEqual([]);
  });

  it('answers a kept copy from the route’s own hooks', async () => {
    reset();
    const post = (n: number) =>
      fetch(`${url}/api/kept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n }),
      });
    const first = await post(7);
    const second = await post(7);
    expect([await first.json(), await second.json()]).toEqual([{ n: 7 }, { n: 7 }]);
    expect(calls).toEqual(['copyFor', 'sent', 'copyFor']);
    expect(handled).toEqual(['kept']);
  });

  it('costs a request of another route nothing: no hook of theirs runs, no route is looked up', async () => {
    reset();
    const other = await fetch(`${url}/api/other`);
    expect(await other.json()).toEqual({ from: 'controller' });
    expect(calls).toEqual([]);
    expect(routeLookups).toBe(0);
    const missing = await fetch(`${url}/api/nowhere`);
    expect(missing.status).toBe(404);
    expect(calls).toEqual([]);
    expect(routeLookups).toBe(0);
  });

  it('refuses a hook added once the app is ready (the routes’ lists are read then)', () => {
    expect(() => gateRoutes(app.getHttpAdapter(), ['/api/other'], () => true)).toThrow(
      /after the app got ready/,
    );
  });
});
