import { connect, type Server, type Socket } from 'node:net';

/**
 * Turns of the event loop until `count` connections opened at once have all been accepted by `server`: one
 * accept handle takes about a turn per connection, several take fewer (`addAcceptHandles`). The client
 * sockets and the accepted ones are added to `sockets`, for the caller to destroy after the test.
 */
export async function turnsToAccept(server: Server, count: number, sockets: Socket[]): Promise<number> {
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted++;
    sockets.push(socket);
  });
  const { port } = server.address() as { port: number };
  for (let i = 0; i < count; i++) sockets.push(connect(port, '127.0.0.1').on('error', () => undefined));
  let turns = 0;
  await new Promise<void>((resolve) => {
    const turn = () => {
      if (accepted >= count) return resolve();
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
  });
  return turns;
}
