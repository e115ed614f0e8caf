import { spawn } from 'node:child_process';
import type { Server, Socket } from 'node:net';

/**
 * The helper process's whole program (`node -e ACCEPT_HELPER_PROGRAM <copies> <parent pid>`). It gets the
 * listening socket once and sends it back as many times as its argument says: each handle it sends arrives as a
 * new descriptor of the same socket. Sends wait for the receiver's acknowledgement, so its copy is listening
 * meanwhile: a connection it accepts goes back to the parent too. It ends once the last copy is sent, or soon
 * after the parent is gone: a parent killed with -9 must not leave the port held.
 *
 * The channel closing is not enough to see that: while a send waits for its acknowledgement, Node postpones
 * 'disconnect' until the send queue drains, which it never does once the parent is dead. So the helper also
 * watches its parent's pid (a process whose parent died is reparented, and `process.ppid` is read anew on every
 * access). The pid comes from the parent: a helper that read it itself after the parent had already died would
 * take its new parent for the real one.
 */
export const ACCEPT_HELPER_PROGRAM = `
const parent = Number(process.argv[2]);
const orphaned = () => process.ppid !== parent;
if (orphaned()) process.exit(0);
setInterval(() => orphaned() && process.exit(0), 200).unref();
process.on('disconnect', () => process.exit(0));
process.once('message', (_, server) => {
  if (!server) return process.disconnect();
  // A connection this copy accepts is sent on unread: a socket that reads drops what arrives until its handle
  // has gone (Node sets its reader to a no-op while the send waits for its acknowledgement), and a request
  // read here would never be answered there.
  server.pauseOnConnect = true;
  server.on('connection', (socket) => process.send('connection', socket));
  let left = Number(process.argv[1]);
  const next = () => {
    if (left-- === 0) return server.close(() => process.disconnect());
    process.send('copy', server, next);
  };
  next();
});
`;

/** How long the helper may take to hand the copies back before the edge goes on with one handle. */
const COPY_TIMEOUT_MS = 30_000;

/** How long after the helper's exit its last messages may still arrive. */
const EXIT_GRACE_MS = 2000;

/**
 * Makes `server` (listening) accept up to `count` connections per turn of the event loop instead of one.
 * libuv (1.45 and later: Node 20) accepts one connection per listening handle each time the loop polls, and on
 * a busy process a turn is long, so clients queue in the kernel's accept queue. Here `count - 1` more
 * handles watch the same socket (copies of its descriptor, made by a helper process: Node 20 has no other
 * way to duplicate one), and each connection they accept is handed to `server` as its own. Closing `server`
 * closes them. Answers how many handles watch the socket (1 when the copies could not be made; `onError` is
 * told why).
 */
export async function addAcceptHandles(
  server: Server,
  count: number,
  onError: (error: Error) => void = () => undefined,
): Promise<number> {
  if (count <= 1 || !server.listening) return 1;
  const copies: Server[] = [];
  const adopt = (socket: Socket) => server.emit('connection', socket);
  const closeCopies = () => {
    for (const copy of copies) copy.close();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const helper = spawn(
        process.execPath,
        ['-e', ACCEPT_HELPER_PROGRAM, String(count - 1), String(process.pid)],
        {
          stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
          env: {},
        },
      );
      let exited = false;
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const fail = (error: Error) => {
        clearTimeout(timer);
        helper.kill('SIGKILL');
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`The accept helper made no copies within ${COPY_TIMEOUT_MS} ms`)),
        COPY_TIMEOUT_MS,
      );
      helper.on('message', (kind, handle) => {
        if (kind === 'connection' && handle) adopt(handle as Socket);
        else if (kind === 'copy' && handle) {
          const copy = handle as Server;
          copy.on('connection', adopt);
          copy.on('error', onError);
          copies.push(copy);
          if (copies.length === count - 1 && exited) done();
        }
      });
      helper.once('error', fail);
      // Done once it has exited (its own copy of the socket closed with it) and every copy has come. Its exit
      // can be seen before its last message is read: it failed only if the copies are still short a moment later.
      helper.once('exit', (code, signal) => {
        exited = true;
        if (copies.length === count - 1) return done();
        setTimeout(() => {
          if (copies.length < count - 1)
            fail(
              new Error(
                `The accept helper ended (${signal ?? `exit code ${code}`}) after ${copies.length} copies`,
              ),
            );
        }, EXIT_GRACE_MS).unref();
      });
      helper.send('listener', server);
    });
  } catch (error) {
    closeCopies();
    onError(error as Error);
    return 1;
  }
  if (!server.listening) {
    closeCopies();
    return 1;
  }
  // A server closed later stops accepting on every handle.
  server.once('close', closeCopies);
  return copies.length + 1;
}
