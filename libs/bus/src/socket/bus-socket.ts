import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { WritePacket } from '@nestjs/microservices';
import { chmodSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join, relative } from 'node:path';
import { InProcessBroker, NoRespondersError } from '../in-process/in-process.broker.js';

/**
 * The local control socket of a one-process install: another process on the same machine (the operator
 * CLI) sends its bus requests to the running process's in-process broker through a Unix socket under
 * DATA_DIR, so the running process makes the change itself, with its own caches, broadcasts and rules,
 * exactly as for a request from the web app. Access is the socket file's: owner only (0600), the same
 * people who can read the stores under DATA_DIR anyway.
 *
 * Wire format: one JSON object per line. Request `{id, kind: "request"|"event", subject, data}`; answer
 * `{id, packet}` (a Nest WritePacket), or `{id, noResponders: true}` when nothing handles the subject.
 */

/** The socket's file name under DATA_DIR. */
export const BUS_SOCKET_FILE = 'membolt.sock';
/** sun_path is 104 bytes on macOS and 108 on Linux, terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;
/** Longest line the listener buffers: bus payloads from the CLI are small; this only stops a runaway peer. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * The path to bind or connect to for DATA_DIR: the absolute path, or the path relative to the working
 * directory when only that one fits in a socket address; null when neither fits.
 */
export function busSocketPath(dataDir: string): string | null {
  const absolute = join(dataDir, BUS_SOCKET_FILE);
  const fromHere = relative(process.cwd(), absolute) || BUS_SOCKET_FILE;
  for (const candidate of [absolute, fromHere]) {
    if (Buffer.byteLength(candidate) <= MAX_SOCKET_PATH_BYTES) return candidate;
  }
  return null;
}

interface SocketRequest {
  readonly id: number;
  readonly kind: 'request' | 'event';
  readonly subject: string;
  readonly data: unknown;
}

interface SocketAnswer {
  readonly id: number;
  readonly packet?: WritePacket;
  readonly noResponders?: boolean;
}

/** Splits a byte stream into lines and hands each parsed JSON line on; a line that is not JSON ends the peer. */
function readLines(socket: Socket, onMessage: (message: unknown) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_LINE_BYTES && !buffered.includes('\n')) {
      socket.destroy(new Error('bus socket: line too long'));
      return;
    }
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.length === 0) continue;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        socket.destroy(new Error('bus socket: a line is not JSON'));
        return;
      }
      onMessage(message);
    }
  });
}

/** An error crosses the socket as JSON: bus error payloads already are; any other error keeps its message. */
function serializable(packet: WritePacket): WritePacket {
  const err: unknown = packet.err;
  if (err instanceof Error) return { ...packet, err: { name: err.name, message: err.message } };
  return packet;
}

/**
 * Serves one process's in-process broker on the local control socket. Started by the composition root
 * once the process serves (`listen`), closed with the application.
 */
export class BusSocketListener implements OnApplicationShutdown {
  private readonly logger = new Logger('BusSocket');
  private server: Server | null = null;
  private readonly peers = new Set<Socket>();

  constructor(
    private readonly broker: InProcessBroker,
    private readonly path: string,
  ) {}

  /** Binds the socket, replacing a file left by a process that is gone. */
  async listen(): Promise<void> {
    if (await isLive(this.path)) {
      this.logger.warn(`Another process serves ${this.path}; this one takes it over`);
    }
    try {
      unlinkSync(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(this.path, 0o600);
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    this.peers.forEach((peer) => peer.destroy());
    // Node removes the socket file as the server closes.
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    this.peers.add(socket);
    socket.on('close', () => this.peers.delete(socket));
    socket.on('error', (error) => this.logger.warn(`Control socket peer failed: ${error.message}`));
    const answer = (message: SocketAnswer) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    readLines(socket, (raw) => {
      const message = raw as Partial<SocketRequest>;
      if (typeof message.id !== 'number' || typeof message.subject !== 'string') {
        socket.destroy(new Error('bus socket: malformed message'));
        return;
      }
      const { id, subject, data } = message;
      if (message.kind === 'event') {
        void this.broker.publish(subject, data).then(
          () => answer({ id, packet: { response: null, isDisposed: true } }),
          (error: unknown) => answer({ id, packet: serializable({ err: error, isDisposed: true }) }),
        );
        return;
      }
      this.broker.request(subject, data, (packet) => {
        if (packet.err instanceof NoRespondersError) answer({ id, noResponders: true });
        else answer({ id, packet: serializable(packet) });
      });
    });
  }
}

/** True when a process accepts connections on `path`. */
function isLive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The client side: a broker whose requests and events go to the process serving the control socket.
 * Give it to the bus as an in-process transport; it handles no subject of its own.
 */
export class SocketBroker extends InProcessBroker {
  private nextId = 1;
  private readonly pending = new Map<number, (answer: SocketAnswer) => void>();
  private closed: Error | null = null;

  private constructor(private readonly socket: Socket) {
    super();
    readLines(socket, (raw) => {
      const answer = raw as SocketAnswer;
      const settle = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      settle?.(answer);
    });
    // Worded so the bus client counts it as a transport failure (service_unavailable), whatever the cause.
    socket.on('error', (error) =>
      this.fail(new Error(`Connection closed by the running Membolt process (${error.message})`)),
    );
    socket.on('close', () => this.fail(new Error('Connection closed by the running Membolt process')));
  }

  /**
   * Connects to the process serving `path`; null when none does (no file, or a file left by a process
   * that is gone), so the caller can open the stores itself.
   */
  static connect(path: string): Promise<SocketBroker | null> {
    return new Promise((resolve, reject) => {
      const socket = connect(path);
      socket.once('connect', () => {
        socket.removeAllListeners('error');
        resolve(new SocketBroker(socket));
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
        else reject(error);
      });
    });
  }

  override request(subject: string, data: unknown, respond: (packet: WritePacket) => void): void {
    this.send('request', subject, data, (answer) => {
      if (answer.noResponders) respond({ err: new NoRespondersError(subject), isDisposed: true });
      else respond(answer.packet ?? { isDisposed: true });
    });
  }

  override publish(subject: string, data: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      this.send('event', subject, data, (answer) => {
        if (answer.packet?.err) reject(answer.packet.err);
        else resolve();
      });
    });
  }

  /** Every answer is in by now: drop the connection (ending it would wait for a peer that may not answer). */
  close(): void {
    this.socket.destroy();
  }

  private send(
    kind: SocketRequest['kind'],
    subject: string,
    data: unknown,
    settle: (answer: SocketAnswer) => void,
  ): void {
    const id = this.nextId++;
    if (this.closed) {
      queueMicrotask(() => settle({ id, packet: { err: this.closed, isDisposed: true } }));
      return;
    }
    this.pending.set(id, settle);
    const request: SocketRequest = { id, kind, subject, data };
    this.socket.write(`${JSON.stringify(request)}\n`);
  }

  private fail(error: Error): void {
    this.closed ??= error;
    const waiting = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, settle] of waiting) settle({ id, packet: { err: error, isDisposed: true } });
  }
}
