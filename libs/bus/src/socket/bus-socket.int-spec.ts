import { afterEach, describe, expect, it } from '@jest/globals';
import type { WritePacket } from '@nestjs/microservices';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessBroker, NoRespondersError } from '../in-process/in-process.broker.js';
import { BUS_SOCKET_FILE, BusSocketListener, busSocketPath, SocketBroker } from './bus-socket.js';

const ask = (broker: InProcessBroker, subject: string, data: unknown) =>
  new Promise<WritePacket>((resolve) => broker.request(subject, data, resolve));

describe('bus control socket', () => {
  const dirs: string[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  const dir = () => {
    const made = mkdtempSync(join(tmpdir(), 'membolt-socket-'));
    dirs.push(made);
    return made;
  };
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    dirs.splice(0).forEach((made) => rmSync(made, { recursive: true, force: true }));
  });

  async function serve(dataDir: string, broker = new InProcessBroker()) {
    const listener = new BusSocketListener(broker, busSocketPath(dataDir)!);
    await listener.listen();
    cleanups.push(() => listener.close());
    return { broker, listener };
  }

  async function client(dataDir: string) {
    const broker = await SocketBroker.connect(busSocketPath(dataDir)!);
    if (broker) cleanups.push(() => broker.close());
    return broker;
  }

  it('answers requests through the serving process, errors and unknown subjects included', async () => {
    const dataDir = dir();
    const { broker } = await serve(dataDir);
    broker.handle('test.echo', (data, respond) => respond({ response: { echoed: data }, isDisposed: true }));
    broker.handle('test.fail', (_data, respond) =>
      respond({ err: { code: 'not_found', message: 'Nothing here.' }, isDisposed: true }),
    );
    const heard: unknown[] = [];
    broker.on('test.event', async (data) => heard.push(data));

    const remote = (await client(dataDir))!;
    expect(remote).toBeInstanceOf(SocketBroker);
    const [echo, failure, unknown] = await Promise.all([
      ask(remote, 'test.echo', { text: 'line\nbreak ✓' }),
      ask(remote, 'test.fail', {}),
      ask(remote, 'test.nobody', {}),
    ]);
    expect(echo.response).toEqual({ echoed: { text: 'line\nbreak ✓' } });
    expect(failure.err).toEqual({ code: 'not_found', message: 'Nothing here.' });
    expect(unknown.err).toBeInstanceOf(NoRespondersError);
    await remote.publish('test.event', { n: 1 });
    expect(heard).toEqual([{ n: 1 }]);
  });

  it('is the owner’s only, and a file left by a process that is gone means no server', async () => {
    const dataDir = dir();
    const stale = join(dataDir, BUS_SOCKET_FILE);
    writeFileSync(stale, '');
    expect(await client(dataDir)).toBeNull();
    expect(await client(dir())).toBeNull();

    await serve(dataDir);
    expect(statSync(stale).mode & 0o777).toBe(0o600);
    expect(await client(dataDir)).not.toBeNull();
  });

  it('fails pending and later requests when the server goes, and a new server takes a live path over', async () => {
    const dataDir = dir();
    const first = await serve(dataDir);
    first.broker.handle('test.never', () => undefined);
    const remote = (await client(dataDir))!;
    const pending = ask(remote, 'test.never', {});
    await first.listener.close();
    expect(String((await pending).err)).toMatch(/connection closed/i);
    expect(String((await ask(remote, 'test.never', {})).err)).toMatch(/connection closed/i);
    expect(await client(dataDir)).toBeNull();

    await serve(dataDir);
    const successor = await serve(dataDir);
    successor.broker.handle('test.echo', (data, respond) => respond({ response: data, isDisposed: true }));
    const again = (await client(dataDir))!;
    expect((await ask(again, 'test.echo', 7)).response).toBe(7);
  });
});
