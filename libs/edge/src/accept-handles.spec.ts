import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { connect, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { ACCEPT_HELPER_PROGRAM, addAcceptHandles } from './accept-handles.js';
import { turnsToAccept } from './testing/index.js';

const servers: Server[] = [];
const sockets: Socket[] = [];
const processes: number[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const pid of processes.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
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

/**
 * The parent side of the copy, as `addAcceptHandles` runs it, in a process of its own that the test can kill: it
 * prints the helper's pid and the port, then a line per copy that comes back. With `block`, its event loop stops
 * once the listener is sent, so the helper's first send of a copy waits for an acknowledgement that never comes.
 */
const PARENT_PROGRAM = `
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');
const [program, mode] = process.argv.slice(1);
const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const helper = spawn(process.execPath, ['-e', program, '63', String(process.pid)], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: {},
  });
  console.log('helper', helper.pid, server.address().port);
  helper.on('message', (kind) => console.log(kind));
  helper.send('listener', server, () => {
    if (mode !== 'block') return;
    console.log('blocked');
    for (;;);
  });
});
`;

/** Whether `pid` is still running: not gone and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Polls `check` until it holds or `boundMs` has passed; answers whether it held. */
async function within(boundMs: number, check: () => Promise<boolean> | boolean): Promise<boolean> {
  const end = Date.now() + boundMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether `pid` holds a descriptor of the socket listening on `port` (read from /proc). */
function holdsListener(pid: number, port: number): boolean {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = readFileSync('/proc/net/tcp', 'latin1')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1]?.endsWith(local) && fields[3] === '0A')
    .map((fields) => `socket:[${fields[9]}]`);
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/**
 * Starts the parent and kills it with -9 once it has printed `killAt` ('helper': as soon as the helper runs;
 * 'copy': at the first copy back; 'blocked': once its loop has stopped and the helper holds the listener, so
 * the helper's first send waits for an acknowledgement). Answers the helper's pid and the port.
 */
async function killParentWhileCopying(mode: 'block' | 'run', killAt: 'helper' | 'copy' | 'blocked') {
  const parent = spawn(process.execPath, ['-e', PARENT_PROGRAM, ACCEPT_HELPER_PROGRAM, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  processes.push(parent.pid as number);
  let helperPid = 0;
  let port = 0;
  for await (const line of createInterface({ input: parent.stdout })) {
    const [kind, pid, listening] = line.split(' ');
    if (kind === 'helper') {
      helperPid = Number(pid);
      port = Number(listening);
      processes.push(helperPid);
    }
    if (kind === killAt) break;
  }
  if (killAt === 'blocked') await within(20_000, () => holdsListener(helperPid, port));
  parent.kill('SIGKILL');
  return { helperPid, port };
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

  describe('when its process is killed with -9 while the helper is copying', () => {
    it.each([
      ['waits for an acknowledgement that never comes', 'block', 'blocked'],
      ['has just started', 'run', 'helper'],
      ['is taking copies', 'run', 'copy'],
    ] as const)(
      'leaves no helper and no port held when the helper %s',
      async (_, mode, killAt) => {
        const { helperPid, port } = await killParentWhileCopying(mode, killAt);
        expect(helperPid).toBeGreaterThan(0);

        // The helper's poll runs every 200 ms; the bound is for a loaded machine.
        expect(await within(20_000, () => !running(helperPid))).toBe(true);
        expect(await within(5000, async () => !(await connects(port)))).toBe(true);
      },
      60_000,
    );
  });
});
