import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveWebhooksSettings } from '../../webhooks.options.js';
import { WebhookSender } from './webhook-sender.js';
import { isPrivateAddress } from './webhook-target.js';

describe('webhook targets (SSRF)', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.7', true],
    ['172.20.1.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
    ['::ffff:93.184.216.34', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  describe('sending', () => {
    let server: Server;
    let port = 0;
    let hits = 0;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        hits++;
        res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    const sender = (allowPrivateTargets: boolean) =>
      new WebhookSender(
        resolveWebhooksSettings({
          store: { kind: 'embedded', dataDir: '.' },
          secret: 'x',
          allowPrivateTargets,
          timeoutMs: 2000,
        }),
      );
    const request = (host: string) => ({ url: `http://${host}:${port}/hook`, body: '{}', headers: {} });

    it('refuses a name that resolves to loopback, without connecting', async () => {
      const outcome = await sender(false).send(request('localhost'));
      expect(outcome).toMatchObject({ ok: false, refused: true, statusCode: null });
      expect(outcome.error).toMatch(/Refused target localhost/);
      const literal = await sender(false).send(request('127.0.0.1'));
      expect(literal).toMatchObject({ ok: false, refused: true });
      expect(hits).toBe(0);
    });

    it('sends to the same target when the operator allows private targets', async () => {
      const outcome = await sender(true).send(request('localhost'));
      expect(outcome).toMatchObject({ ok: true, statusCode: 200, refused: false });
      expect(hits).toBe(1);
    });
  });
});
