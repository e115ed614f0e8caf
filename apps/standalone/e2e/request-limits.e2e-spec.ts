import { beforeAll, describe, expect, it } from '@jest/globals';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

interface GraphqlAnswer {
  readonly status: number;
  readonly text: string;
  readonly body: {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
    extensions?: Record<string, unknown>;
  };
}

const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { id } }';

/** `n` fields named `<prefix>0…` holding `value`. */
const fields = (n: number, prefix: string, value: unknown = 'x'): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, value]));

/** `{"a":{"a":…1…}}` nested `levels` deep, as text. */
const nestedJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/**
 * What one request may cost the product: the size and shape of GraphQL variables and REST bodies, the
 * number and size of errors that come back, and the 500s of out-of-range or null input. Each case is
 * answered with one short error and changes nothing.
 */
describe('request limits (standalone)', () => {
  const product = useStandalone('request-limits', {
    ...UNLIMITED_GATEWAY,
    BFF_RATE_LIMIT_PER_MINUTE: '100000',
    GATEWAY_IMPORT_MAX_LINES: '3000',
    GATEWAY_IMPORT_SYNC_LINES: '500',
  });

  const graphql = async (query: string, variables?: unknown): Promise<GraphqlAnswer> => {
    const response = await fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as GraphqlAnswer['body'] };
  };

  describe('GraphQL variables', () => {
    it('refuses an input object with 60,000 unknown fields (1 MB) with one short error', async () => {
      const answer = await graphql(SIGN_IN, {
        input: { email: 'someone@example.com', password: 'not the password', ...fields(60_000, 'f') },
      });
      expect(answer.status).toBe(400);
      expect(answer.text.length).toBeLessThan(1000);
      expect(answer.body).toEqual({
        error: 'validation_error',
        message: 'An object in the request body has more than 1000 fields.',
      });
    });

    it('names a few unknown fields and their count, without echoing the input', async () => {
      const answer = await graphql(SIGN_IN, {
        input: { email: 'someone@example.com', password: 'secret-marker-7c1e', ...fields(900, 'f') },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        {
          message:
            'Variable "$input" got an invalid value at "input": 900 fields are not defined by type "SignInInput" (f0, f1, f2, …).',
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ]);
      expect(answer.text).not.toContain('secret-marker-7c1e');
      expect(answer.text).not.toContain('someone@example.com');
    });

    it('names the path of a wrongly typed value, never the value itself', async () => {
      const answer = await graphql(SIGN_IN, {
        input: { email: 'someone@example.com', password: { hidden: 'secret-marker-7c1e' } },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.body.errors?.[0]?.message).toMatch(
        /^Variable "\$input" got an invalid value at "input.password": /,
      );
      expect(answer.text).not.toContain('secret-marker-7c1e');
      expect(answer.text).not.toContain('someone@example.com');
    });

    it('answers one error per malformed variable, not one per problem in it', async () => {
      const answer = await graphql(SIGN_IN, {
        input: { email: 1, password: 2, remember: 'yes', extra: true },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveLength(1);
    });

    it('refuses variables over GRAPHQL_MAX_VARIABLES_BYTES with 413', async () => {
      const answer = await graphql(SIGN_IN, {
        input: { email: `${'a'.repeat(800_000)}@example.com`, password: 'x' },
      });
      expect(answer.status).toBe(413);
      expect(answer.body.errors).toEqual([
        {
          message: 'Variables limit of 786432 bytes exceeded.',
          extensions: { code: 'PAYLOAD_TOO_LARGE' },
        },
      ]);
    });

    it('answers at most GRAPHQL_MAX_ERRORS errors and says how many were left out', async () => {
      const unknown = Array.from({ length: 40 }, (_, i) => `x${i}`).join(' ');
      const answer = await graphql(`{ ${unknown} }`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveLength(10);
      expect(answer.body.extensions).toEqual({ omittedErrors: 30 });
    });

    it('answers an operationName that names no operation as a client error', async () => {
      const response = await fetch(`${product.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query Named { planCatalogue { plans { id } } }',
          variables: {},
          operationName: 'Other',
        }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain('INTERNAL_SERVER_ERROR');
    });

    it('still signs in with ordinary variables', async () => {
      const answer = await graphql(SIGN_IN, {
        input: { email: 'nobody@example.com', password: 'wrong pass' },
      });
      expect(answer.body.errors?.[0]?.extensions?.code).not.toBe('BAD_USER_INPUT');
    });
  });

  describe('REST bodies', () => {
    let user: ApiUser;
    let memoryId: string;
    beforeAll(async () => {
      user = await newApiUser(product);
      memoryId = ok<{ id: string }>(
        await user.call(`/api/user/${user.userId}/memories`, {
          method: 'POST',
          body: { text: 'Kept as it is.' },
        }),
        201,
      ).id;
    });
    const memories = () => `/api/user/${user.userId}/memories`;
    const countOf = async () =>
      ok<{ total_count: number }>(await user.call(`${memories()}?limit=1`)).total_count;

    it('refuses 60,000 unknown top-level fields at the edge, in one short answer', async () => {
      const answer = await user.call(memories(), {
        method: 'POST',
        body: { text: 'x', ...fields(60_000, 'u') },
      });
      expectError(
        answer,
        400,
        'validation_error',
        'An object in the request body has more than 1000 fields.',
      );
    });

    it('names a few of many unknown fields and their count', async () => {
      const answer = await user.call(memories(), {
        method: 'POST',
        body: { text: 'x', ...fields(500, 'u') },
      });
      expectError(answer, 400, 'validation_error', 'u0, u1, u2, u3, u4 and 495 more fields should not exist');
    });

    it('refuses metadata with 60,000 keys at the edge', async () => {
      const answer = await user.call(memories(), {
        method: 'POST',
        body: { text: 'x', metadata: fields(60_000, 'k') },
      });
      expectError(
        answer,
        400,
        'validation_error',
        'An object in the request body has more than 1000 fields.',
      );
    });

    it('refuses metadata over MEMORY_METADATA_MAX_KEYS, as an object or as a JSON string', async () => {
      const before = await countOf();
      for (const metadata of [fields(300, 'k', 1), JSON.stringify(fields(300, 'k', 1))]) {
        const answer = await user.call(memories(), { method: 'POST', body: { text: 'x', metadata } });
        expectError(answer, 400, 'validation_error', 'metadata must have at most 256 fields');
      }
      expect(await countOf()).toBe(before);
    });

    it('refuses metadata nested past MEMORY_METADATA_MAX_DEPTH, as an object or as a JSON string', async () => {
      const before = await countOf();
      for (const metadata of [JSON.parse(nestedJson(20)) as unknown, nestedJson(20)]) {
        const answer = await user.call(memories(), { method: 'POST', body: { text: 'x', metadata } });
        expectError(answer, 400, 'validation_error', 'metadata must nest at most 16 levels');
      }
      expect(await countOf()).toBe(before);
    });

    it('refuses metadata strings nested 2,000 and 5,000 deep (stored, then a stack overflow)', async () => {
      const before = await countOf();
      for (const levels of [2_000, 5_000]) {
        for (const path of [memories(), `${memories()}/${memoryId}`]) {
          const answer = await user.call(path, {
            method: path === memories() ? 'POST' : 'PUT',
            body: { text: 'deep', metadata: nestedJson(levels) },
          });
          expectError(answer, 400, 'validation_error', 'metadata nests deeper than 64 levels');
        }
      }
      expect(await countOf()).toBe(before);
    });

    it('still stores metadata within the limits, given as a JSON string', async () => {
      const metadata = JSON.stringify({
        ...fields(200, 'k', 1),
        deep: JSON.parse(nestedJson(14)) as unknown,
      });
      const created = ok<{ metadata: string }>(
        await user.call(memories(), { method: 'POST', body: { text: 'within limits', metadata } }),
        201,
      );
      expect(Object.keys(JSON.parse(created.metadata) as object)).toContain('k199');
    });
  });

  describe('null and out-of-range input (were 500s)', () => {
    let user: ApiUser;
    beforeAll(async () => {
      user = await newApiUser(product);
    });

    it('refuses null for every field of a memory update but valid_to and expiration_date, changing nothing', async () => {
      const path = `/api/user/${user.userId}/memories`;
      const created = ok<{ id: string; version: number }>(
        await user.call(path, { method: 'POST', body: { text: 'Unchanged text.' } }),
        201,
      );
      for (const [field, message] of [
        ['text', 'text is required'],
        ['metadata', 'metadata must be a JSON object or a string holding one'],
        ['importance', 'importance must be a number from 0 to 1'],
        ['category', /^category must be one of/],
        ['embedding', /^embedding must be an array of numbers/],
        ['valid_from', 'valid_from must be an ISO 8601 date-time'],
      ] as const) {
        const answer = await user.call(`${path}/${created.id}`, { method: 'PUT', body: { [field]: null } });
        expectError(answer, 400, 'validation_error', message);
      }
      const after = ok<{ text: string; version: number }>(await user.call(`${path}/${created.id}`));
      expect(after).toMatchObject({ text: 'Unchanged text.', version: created.version });
    });

    it('refuses offsets past the largest page offset on every paged list', async () => {
      for (const path of [
        `/api/user/${user.userId}/conversations?offset=9223372036854775807`,
        `/api/user/${user.userId}/conversations?offset=1e30`,
        `/api/user/${user.userId}/memories?offset=9223372036854775807`,
        `/api/user/${user.userId}/end_users?offset=9223372036854775807`,
        `/api/uploads?offset=9223372036854775807`,
      ]) {
        const answer = await user.call(path);
        expect({ path, status: answer.status }).toEqual({ path, status: 400 });
        expect((answer.body as { message: string }).message).toMatch(/^offset must be an integer from 0 to /);
      }
    });

    it('pages at the largest offset allowed without an error', async () => {
      for (const path of [
        `/api/user/${user.userId}/conversations?offset=1000000000`,
        `/api/user/${user.userId}/memories?offset=1000000000`,
      ]) {
        const answer = await user.call(path);
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      }
    });
  });

  describe('imports', () => {
    let user: ApiUser;
    beforeAll(async () => {
      user = await newApiUser(product);
    });
    const ndjson = (lines: number, tag: string) =>
      Array.from({ length: lines }, (_, i) => JSON.stringify({ text: `${tag} memory number ${i}` })).join(
        '\n',
      );
    const importOf = (text: string) =>
      user.call(`/api/user/${user.userId}/memories/import`, {
        method: 'POST',
        raw: { text, contentType: 'application/x-ndjson' },
      });

    it('refuses more lines than GATEWAY_IMPORT_MAX_LINES with 413 before storing any', async () => {
      const answer = await importOf(ndjson(3001, 'refused'));
      expectError(
        answer,
        413,
        'payload_too_large',
        'The import has more than 3000 lines; split it into several files.',
      );
      const list = ok<{ total_count: number }>(await user.call(`/api/user/${user.userId}/memories?limit=1`));
      expect(list.total_count).toBe(0);
    });

    it('stores up to GATEWAY_IMPORT_SYNC_LINES lines before answering', async () => {
      const answer = await importOf(ndjson(500, 'small'));
      expect(ok(answer)).toEqual({ imported: 500, skipped: 0, lines: 500 });
    });

    it('queues a larger import as a durable job with progress, answering other requests meanwhile', async () => {
      const statusAnswers: number[] = [];
      let importAnswered = false;
      const importing = importOf(ndjson(3000, 'queued')).then((answer) => {
        importAnswered = true;
        return answer;
      });
      // Requests sent one after another while the import is read and checked: a loop held for the whole
      // import answers none of them before it ends.
      while (!importAnswered) {
        const answer = await fetch(`${product.url}/api/status`);
        await answer.text();
        if (!importAnswered) statusAnswers.push(answer.status);
      }
      const queued = await importing;
      const body = ok<{ import_id: string; status: string; lines: number; status_url: string }>(queued, 202);
      expect(body).toMatchObject({ status: 'queued', percent: 0, lines: 3000 });
      expect(queued.headers.get('location')).toBe(body.status_url);
      expect(body.status_url).toBe(`/api/user/${user.userId}/memories/import/${body.import_id}`);
      expect(statusAnswers.length).toBeGreaterThanOrEqual(3);

      // Another account does not see it.
      const other = await newApiUser(product);
      expectError(
        await other.call(`/api/user/${other.userId}/memories/import/${body.import_id}`),
        404,
        'not_found',
        'Import not found',
      );

      type Progress = { status: string; percent: number; imported: number; skipped: number };
      let progress: Progress = ok<Progress>(await user.call(body.status_url));
      // Polled until the job ends (at most a minute): the parts run in the background.
      for (
        let tries = 0;
        tries < 600 && progress.status !== 'done' && progress.status !== 'failed';
        tries++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        progress = ok<Progress>(await user.call(body.status_url));
        expect(progress.percent).toBeGreaterThanOrEqual(0);
      }
      expect(progress).toMatchObject({ status: 'done', percent: 100, imported: 3000, skipped: 0 });
      const list = ok<{ total_count: number }>(await user.call(`/api/user/${user.userId}/memories?limit=1`));
      expect(list.total_count).toBe(3500);
    });

    it('answers 404 for an import id that is not one', async () => {
      expectError(
        await user.call(`/api/user/${user.userId}/memories/import/not-an-import`),
        404,
        'not_found',
        'Import not found',
      );
    });
  });
});
