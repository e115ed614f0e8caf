import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestNatsServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** The lowest local port the kernel hands to outgoing connections (Linux's `ip_local_port_range`). */
const EPHEMERAL_LOW = ((): number => {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2048 ? low : 32_768;
  } catch {
    return 32_768;
  }
})();

/** Answers the port if nothing listens on it on loopback now (it is closed again before answering). */
function listenable(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A loopback port free now, for a server a test starts next. Chosen below the kernel's range for outgoing
 * connections: a port from that range (what `listen(0)` gives) can be taken as the local port of one of the
 * many client connections a load test opens between this answer and the server's listen (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const low = Math.max(1024, EPHEMERAL_LOW - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await listenable(low + Math.floor(Math.random() * (EPHEMERAL_LOW - low)));
    if (port !== null) return port;
  }
  const any = await listenable(0);
  if (any === null) throw new Error('no free loopback port');
  return any;
}

export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function natsServerBinary(): string {
  const candidates = [
    process.env['NATS_SERVER_BIN'],
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
    '/usr/local/bin/nats-server',
  ];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (!found)
    throw new Error('nats-server not found: install it (apt-get install nats-server) or set NATS_SERVER_BIN');
  return found;
}

/**
 * A private nats-server (JetStream on) on a free loopback port, so test runs never share subjects. Pass the
 * port of a stopped one to start it again where its clients expect it (an outage and a recovery).
 */
export async function startNatsServer(options: { port?: number } = {}): Promise<TestNatsServer> {
  const port = options.port ?? (await freePort());
  const storeDir = mkdtempSync(join(tmpdir(), 'membolt-nats-'));
  const child: ChildProcess = spawn(
    natsServerBinary(),
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
    {
      stdio: 'ignore',
    },
  );
  await waitForPort(port);
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
