import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, get } from 'node:http';
import { connect, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { addAcceptHandles } from './accept-handles.js';
import { turnsToAccept } from './testing/index.js';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening<T extends Server>(server: T): Promise<T> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function portOf(server: Server): number {
  return (server.address() as { port: number }).port;
}

/** One request on a new connection, sent as soon as it connects: the answer's first line, or 'no answer'. */
function requestAtOnce(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let answer = '';
    const timer = setTimeout(() => resolve('no answer'), 10_000);
    socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n'));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer.split('\r\n')[0] || 'no answer');
    });
    socket.on('error', () => undefined);
  });
}

describe('addAcceptHandles', () => {
  it('answers every request that comes while the copies are being made, the helper accepting some of them', async () => {
    const server = await listening(createServer((_req, res) => res.end('ok')));
    const port = portOf(server);
    let copying = true;
    const made = addAcceptHandles(server, 16).finally(() => (copying = false));
    const answers: Promise<string>[] = [];
    while (copying) {
      answers.push(requestAtOnce(port));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await made).toBe(16);
    const firstLines = await Promise.all(answers);
    expect(firstLines.filter((line) => line !== 'HTTP/1.1 200 OK')).toEqual([]);
  }, 60_000);

  it('accepts as many waiting connections in one turn of the event loop as it has handles', async () => {
    const server = await listening(createNetServer());
    expect(await addAcceptHandles(server, 8)).toBe(8);

    // One handle alone takes a turn per connection (40); eight take about a turn per eight.
    expect(await turnsToAccept(server, 40, sockets)).toBeLessThanOrEqual(10);
  });

  it('hands the connections to the server as its own: an HTTP server answers each', async () => {
    const server = await listening(createServer((_req, res) => res.end('ok')));
    expect(await addAcceptHandles(server, 4)).toBe(4);

    const answers = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<string>((resolve, reject) => {
            get({ host: '127.0.0.1', port: portOf(server), path: '/', agent: false }, (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () => resolve(`${res.statusCode} ${body}`));
            }).on('error', reject);
          }),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => '200 ok'));
  });

  it('stops accepting on every handle once the server is closed', async () => {
    const server = await listening(createNetServer());
    expect(await addAcceptHandles(server, 4)).toBe(4);
    const port = portOf(server);
    servers.splice(servers.indexOf(server), 1);
    await new Promise((resolve) => server.close(resolve));

    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('leaves a server with one handle when asked for one, or when it is not listening', async () => {
    const server = await listening(createNetServer());
    expect(await addAcceptHandles(server, 1)).toBe(1);
    expect(await addAcceptHandles(createNetServer(), 8)).toBe(1);
  });
});
