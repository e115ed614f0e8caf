import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger } from '@membolt/platform';
import { sendAsJson } from './answer-json.js';
import { configureHttpEdge, createHttpEdgeAdapter } from './http-edge.js';

/** Times each answer was turned into JSON (JSON.stringify asks an object's toJSON once per serialization). */
const serialized = { made: 0, unmade: 0 };

function answer(counter: 'made' | 'unmade'): object {
  return {
    toJSON: () => {
      serialized[counter]++;
      return { tea: 'thé', count: 1 };
    },
  };
}

@Controller('api')
class AnswersController {
  /** As a metered route's answer: its JSON made (to count its tokens) before it is returned. */
  @Get('made')
  made(): object {
    const result = answer('made');
    sendAsJson(result, JSON.stringify(result));
    return result;
  }

  @Get('unmade')
  unmade(): object {
    return answer('unmade');
  }
}

@Module({ controllers: [AnswersController] })
class AnswersModule {}

describe('an answer whose JSON was made before it is sent', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    const { adapter } = createHttpEdgeAdapter({
      logger: createLogger({ app: 'answer-json-unit', level: 'silent' }),
      bodyLimitBytes: 65536,
    });
    app = await NestFactory.create(AnswersModule, adapter, { bodyParser: false, logger: false });
    configureHttpEdge(app);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('is sent as that JSON, not serialized again; another answer is serialized as JSON.stringify does', async () => {
    for (const path of ['made', 'made', 'unmade']) {
      const response = await fetch(`${url}/api/${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.text()).toBe('{"tea":"thé","count":1}');
    }
    expect(serialized).toEqual({ made: 2, unmade: 1 });
  });
});
