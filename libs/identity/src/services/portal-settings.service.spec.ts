import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { rejection } from '@membolt/bus/testing';
import { CommonErrorCode, IdentitySubjects, PortalSubjects } from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { createIdentityTestbed, type IdentityTestbed } from '../testing/identity-testbed.js';

// Real servers on loopback (bus, SMTP, OIDC): generous on a loaded machine; nothing here waits on a timer.
jest.setTimeout(30_000);

let tb: IdentityTestbed;
let seq = 0;

async function accountId(): Promise<string> {
  const email = `portal${++seq}@example.com`;
  const session = await tb.bus.request(IdentitySubjects.signUp, {
    email,
    password: 'correct horse battery',
    name: 'Pat',
  });
  return session.user.id;
}

beforeEach(async () => {
  tb = await createIdentityTestbed();
});
afterEach(async () => {
  await tb.close();
});

describe("the end users' portal settings and audit log, over the bus", () => {
  it('answers the defaults, keeps what is left out, resets what is null, and only for the acting account', async () => {
    const [pat, sam] = [await accountId(), await accountId()];
    const as = (userId: string) => ({ userId });
    expect(await tb.bus.request(PortalSubjects.getSettings, {}, as(pat))).toEqual({
      displayName: null,
      logoUrl: null,
      color: '#1976d2',
      frameOrigins: [],
      updatedAt: null,
    });
    await tb.bus.request(
      PortalSubjects.updateSettings,
      {
        displayName: 'Acme',
        logoUrl: 'https://acme.example/logo.png',
        color: '#0F766E',
        frameOrigins: ['https://App.acme.example', 'https://app.acme.example'],
      },
      as(pat),
    );
    const changed = await tb.bus.request(PortalSubjects.updateSettings, { logoUrl: null }, as(pat));
    expect(changed).toMatchObject({
      displayName: 'Acme',
      logoUrl: null,
      color: '#0f766e',
      frameOrigins: ['https://app.acme.example'],
    });
    expect(await tb.bus.request(PortalSubjects.getSettings, {}, as(sam))).toMatchObject({
      displayName: null,
    });
  });

  it('refuses values that could not be written into the page or its headers, and changes nothing', async () => {
    const pat = await accountId();
    await tb.bus.request(PortalSubjects.updateSettings, { color: '#112233' }, { userId: pat });
    for (const change of [
      { color: 'red; background: url(x)' },
      { logoUrl: 'javascript:alert(1)' },
      { frameOrigins: ["https://a.example 'unsafe-inline'"] },
      { frameOrigins: ['https://a.example/path'] },
      { displayName: 'x'.repeat(101) },
    ]) {
      const error = await rejection(tb.bus.request(PortalSubjects.updateSettings, change, { userId: pat }));
      expect(error.code).toBe(CommonErrorCode.ValidationError);
    }
    expect(await tb.bus.request(PortalSubjects.getSettings, {}, { userId: pat })).toMatchObject({
      color: '#112233',
      logoUrl: null,
      frameOrigins: [],
    });
  });

  it('records actions once per id and lists them newest first, per end user and per account', async () => {
    const [pat, sam] = [await accountId(), await accountId()];
    const record = (userId: string, endUserId: string, action: 'viewed' | 'forgot', id = randomUUID()) =>
      tb.bus.request(PortalSubjects.recordAction, { id, endUserId, action, memoryCount: 1 }, { userId });
    const retried = randomUUID();
    await record(pat, 'dana', 'viewed');
    tb.clock.advance(1000);
    await record(pat, 'dana', 'forgot', retried);
    await record(pat, 'dana', 'forgot', retried);
    tb.clock.advance(1000);
    await record(pat, 'erik', 'viewed');
    await record(sam, 'dana', 'viewed');

    const dana = await tb.bus.request(
      PortalSubjects.listAudit,
      { endUserId: 'dana', limit: 10, offset: 0 },
      { userId: pat },
    );
    expect(dana.totalCount).toBe(2);
    expect(dana.entries.map((entry) => entry.action)).toEqual(['forgot', 'viewed']);
    const all = await tb.bus.request(PortalSubjects.listAudit, { limit: 10, offset: 0 }, { userId: pat });
    expect(all.entries.map((entry) => entry.endUserId)).toEqual(['erik', 'dana', 'dana']);
    const refused = await rejection(
      tb.bus.request(PortalSubjects.listAudit, { limit: 0, offset: 0 }, { userId: pat }),
    );
    expect(refused.code).toBe(CommonErrorCode.ValidationError);
  });
});
