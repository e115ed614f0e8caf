import { freePort, waitForPort } from '@membolt/bus/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface TestRedisServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

function redisServerBinary(): string {
  const candidates = [
    process.env['REDIS_SERVER_BIN'],
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
  ];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (!found)
    throw new Error(
      'redis-server not found: install it (apt-get install redis-server) or set REDIS_SERVER_BIN',
    );
  return found;
}

/** A private, non-persistent redis-server on a free loopback port (or the given one); stopped by its own PID. */
export async function startRedisServer(options: { readonly port?: number } = {}): Promise<TestRedisServer> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    redisServerBinary(),
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: 'ignore' },
  );
  await waitForPort(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
