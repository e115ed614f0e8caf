import type { FuzzRequest } from './fuzz-request.js';
import type { Draw } from './random-values.js';

/** Requests no well-behaved client library would send: they go to the socket as raw bytes. */
export function rawRequest(draw: Draw): FuzzRequest {
  const path = draw.pick(['/api/status', '/api/plans', '/graphql', '/api/register_initial_user']);
  const shapes: Array<[string, () => string]> = [
    [
      'header over 16 KB',
      () =>
        `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(draw.pick([17_000, 20_000, 80_000]))}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'many headers',
      () =>
        `GET ${path} HTTP/1.1\r\nHost: x\r\n${Array.from({ length: draw.pick([200, 3000]) }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'control characters in a header',
      () =>
        `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Api-Key: a\u0001b\u007f\r\nCookie: mb_at=\u0000\r\nConnection: close\r\n\r\n`,
    ],
    [
      'non-ASCII header bytes',
      () => `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Correlation-Id: é中\r\nConnection: close\r\n\r\n`,
    ],
    [
      'malformed request line',
      () =>
        draw.pick([
          `GET\r\n\r\n`,
          `FOO ${path} HTTP/9.9\r\n\r\n`,
          `GET ${path} HTTP/1.1 extra\r\nHost: x\r\n\r\n`,
        ]),
    ],
    [
      'bad content-length',
      () =>
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${draw.pick(['-1', 'abc', '99999999999999999999'])}\r\nConnection: close\r\n\r\n{}`,
    ],
    [
      'conflicting lengths',
      () =>
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    ],
    [
      'header without colon',
      () => `GET ${path} HTTP/1.1\r\nHost: x\r\nNoColonHere\r\nConnection: close\r\n\r\n`,
    ],
  ];
  const [name, build] = draw.pick(shapes);
  return { kind: 'raw', family: `raw ${name}`, bytes: build() };
}

/** Headers a client library would send but that carry hostile values. */
export function hostileHeaders(draw: Draw): Record<string, string> {
  const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '');
  const headers: Record<string, string> = {};
  for (let i = draw.int(1, 4); i > 0; i--) {
    const name = draw.pick([
      'x-correlation-id',
      'cookie',
      'x-api-key',
      'content-type',
      'accept',
      'origin',
      'x-forwarded-for',
      'apollo-require-preflight',
      'accept-encoding',
      'authorization',
    ]);
    headers[name] = printable(draw.hostileString()).slice(0, draw.pick([100, 4000, 12_000]));
  }
  return headers;
}
