import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Inject, Injectable } from '@nestjs/common';
import type { AttemptOutcome } from '../../domain/webhook.js';
import { WEBHOOKS_SETTINGS, type WebhooksSettings } from '../../webhooks.options.js';
import { checkLiteralHost, publicOnlyLookup, RefusedTargetError } from './webhook-target.js';

/** Response bodies are not kept; this much is read so the connection can be reused, then dropped. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookRequest {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Posts one signed body, with a timeout, never following redirects, refusing private targets unless allowed. */
@Injectable()
export class WebhookSender {
  constructor(@Inject(WEBHOOKS_SETTINGS) private readonly settings: WebhooksSettings) {}

  async send(webhook: WebhookRequest): Promise<AttemptOutcome & { refused: boolean }> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = new URL(webhook.url);
      if (!this.settings.allowPrivateTargets) checkLiteralHost(url.hostname);
    } catch (error) {
      return { ok: false, statusCode: null, durationMs: elapsed(), error: messageOf(error), refused: true };
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers: { ...webhook.headers, 'Content-Length': Buffer.byteLength(webhook.body) },
          timeout: this.settings.timeoutMs,
          ...(this.settings.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) res.destroy();
          });
          const finish = () => {
            const statusCode = res.statusCode ?? null;
            const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
            resolve({
              ok,
              statusCode,
              durationMs: elapsed(),
              error: ok ? null : `HTTP ${statusCode}`,
              refused: false,
            });
          };
          res.on('end', finish);
          res.on('close', finish);
          res.on('error', finish);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`No answer within ${this.settings.timeoutMs} ms`)));
      req.on('error', (error) => {
        resolve({
          ok: false,
          statusCode: null,
          durationMs: elapsed(),
          error: messageOf(error),
          refused: error instanceof RefusedTargetError,
        });
      });
      req.end(webhook.body);
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
