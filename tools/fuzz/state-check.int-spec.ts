import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Answer, send, StateCheck } from './edge-fuzz.js';
import type { FuzzPrincipal, FuzzRequest } from './fuzz-request.js';
import { FuzzTarget } from './fuzz-target.js';

/**
 * The fuzz's check that no refused request changes what is stored (`StateCheck`), against a standalone
 * process: what it compares must change only through the request under test, and a refused request that does
 * change something must still be caught. Needs the built server (`npm run build:server`).
 */

const graphql = (principal: FuzzPrincipal, query: string): FuzzRequest => ({
  kind: 'http',
  family: 'graphql',
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': 'application/json', cookie: principal.sessionCookie },
  body: JSON.stringify({ query }),
  mayWrite: true,
});

/** One kind of the privacy policy set to an action (a kind the memory service does not know is refused). */
const policyUpdate = (alias: string, kind: string) =>
  `${alias}: updatePrivacyPolicy(input: { kind: "${kind}", action: "redact" }) { kinds { kind action } }`;

/** Sends one request through the check as the fuzz does; what changed if it was refused and changed state. */
async function checked(
  target: FuzzTarget,
  check: StateCheck,
  request: FuzzRequest,
): Promise<{ answer: Answer; refused: boolean; changed: string | undefined }> {
  await check.beforeInput();
  return checkedAfter(target, check, target.stateFingerprint(), request);
}

/** Sends one request and checks the stored state against `before`, read before the input began. */
async function checkedAfter(
  target: FuzzTarget,
  check: StateCheck,
  before: string,
  request: FuzzRequest,
): Promise<{ answer: Answer; refused: boolean; changed: string | undefined }> {
  const answer = await send(target.url, request);
  if (!answer) throw new Error('no answer');
  const body = JSON.parse(answer.body) as { data?: unknown; errors?: unknown };
  const refused = answer.status >= 400 || (Array.isArray(body.errors) && body.data == null);
  return { answer, refused, changed: await check.afterAnswer(before, refused, true) };
}

/** Reads until the product has no work left and the counts hold (generous: a loaded machine). */
async function quiet(target: FuzzTarget): Promise<string> {
  let last = target.stateFingerprint();
  let stableReads = 0;
  for (let i = 0; i < 1_200 && (stableReads < 10 || target.backgroundWork() > 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = target.stateFingerprint();
    stableReads = now === last ? stableReads + 1 : 0;
    last = now;
  }
  return last;
}

describe('the fuzz state check on a product with its default settings', () => {
  let target: FuzzTarget;
  let principal: FuzzPrincipal;
  let check: StateCheck;

  beforeAll(async () => {
    target = await FuzzTarget.start();
    principal = await target.createPrincipal();
    check = await StateCheck.start(target);
  }, 300_000);

  afterAll(async () => {
    await target?.stop();
  });

  it('settles after an accepted write until its background sweeps have written what they set off', async () => {
    const add = await checked(target, check, {
      kind: 'http',
      family: 'rest add',
      method: 'POST',
      path: `/api/user/${principal.userId}/memories`,
      headers: { 'content-type': 'application/json', 'x-api-key': principal.apiKey },
      body: JSON.stringify({ text: 'I moved to Lisbon in March 2025 and work as a marine biologist.' }),
      mayWrite: true,
    });
    expect(add.answer.status).toBeLessThan(300);
    const settled = target.stateFingerprint();
    // The concept and sentence sweeps start once the writes pause (a second by default): a settle that
    // returned before them leaves their rows to land while the next (refused) request is in flight.
    expect(await quiet(target)).toBe(settled);
  });

  it('catches what changed while a refused request was in flight', async () => {
    // No request the product refuses changes state (a GraphQL request holds one mutation, decision 268), so
    // the change is made beside the refused one: the check compares what is stored, whoever changed it.
    await check.beforeInput();
    const before = target.stateFingerprint();
    const applied = await send(
      target.url,
      graphql(principal, `mutation { ${policyUpdate('only', 'email')} }`),
    );
    expect(applied?.status).toBe(200);
    const { refused, changed } = await checkedAfter(
      target,
      check,
      before,
      graphql(principal, `mutation { ${policyUpdate('only', 'no_such_kind')} }`),
    );
    expect(refused).toBe(true);
    expect(changed).toMatch(/memory\/privacy_policies: 0 -> 1/);
  });
});

describe('the fuzz state check while a periodic sweep fires', () => {
  let target: FuzzTarget;
  let principal: FuzzPrincipal;

  beforeAll(async () => {
    // The abandoned uploads' sweep runs every quarter of this age, at least every minute.
    target = await FuzzTarget.start({ INGESTION_ABANDONED_UPLOAD_MINUTES: '1' });
    principal = await target.createPrincipal();
  }, 300_000);

  afterAll(async () => {
    await target?.stop();
  });

  it('blames no refused request for the job a schedule inserts while it is in flight', async () => {
    const check = await StateCheck.start(target);
    const startMark = target.scheduleMark();
    const changes: string[] = [];
    // Refused requests back to back (the shape of the full fuzz's one failure) until the sweep has fired:
    // bounded by time, not by a count, since how many requests a minute takes depends on the machine.
    const giveUpAt = Date.now() + 240_000;
    while (Date.now() < giveUpAt && target.scheduleMark() === startMark) {
      const { refused, changed } = await checked(
        target,
        check,
        graphql(principal, `mutation { ${policyUpdate('only', 'no_such_kind')} }`),
      );
      expect(refused).toBe(true);
      if (changed) changes.push(changed);
    }
    expect(target.scheduleMark()).not.toBe(startMark);
    expect(changes).toEqual([]);
  }, 300_000);
});
