// node tools/bench/accept-turns.bench.mjs — how many turns of a busy event loop it takes to accept connections
// that wait in the listener's accept queue, with 1 accepting handle (Node's own) and with more
// (`addAcceptHandles`, HTTP_ACCEPT_HANDLES). A count of turns, not a time: it does not depend on the machine's
// load. A client process opens BENCH_ACCEPT_CONNECTIONS (200) connections at once while this process runs turns
// of BENCH_ACCEPT_TURN_MS (30 ms) of synchronous work each, as a loaded edge does. BENCH_ACCEPT_HANDLES: the
// counts compared (1,4,16). Needs `npm run build:server`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { addAcceptHandles } from '../../libs/edge/dist/accept-handles.js';

const CONNECTIONS = Number(process.env.BENCH_ACCEPT_CONNECTIONS ?? 200);
const TURN_MS = Number(process.env.BENCH_ACCEPT_TURN_MS ?? 30);
const HANDLES = (process.env.BENCH_ACCEPT_HANDLES ?? '1,4,16').split(',').map(Number);
for (const value of [CONNECTIONS, TURN_MS, ...HANDLES]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(
      'BENCH_ACCEPT_CONNECTIONS, BENCH_ACCEPT_TURN_MS and BENCH_ACCEPT_HANDLES take positive integers',
    );
    process.exit(64);
  }
}

const rows = [];
for (const handles of HANDLES) rows.push(await measure(handles));
console.table(rows);

async function measure(handles) {
  const server = createServer();
  let accepted = 0;
  const sockets = [];
  server.on('connection', (socket) => {
    accepted++;
    sockets.push(socket);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const made = await addAcceptHandles(server, handles, (error) => console.error(error));
  const { port } = server.address();
  const client = spawn(
    process.execPath,
    [
      '-e',
      `const net = require('node:net');
       for (let i = 0; i < ${CONNECTIONS}; i++) net.connect(${port}, '127.0.0.1').on('error', () => {});
       setInterval(() => {}, 1000);`,
    ],
    { stdio: 'ignore' },
  );
  // Turns from the first accepted connection to the last; each turn holds the loop TURN_MS.
  let turns = 0;
  let most = 0;
  await new Promise((resolve) => {
    let before = 0;
    const turn = () => {
      if (accepted > 0) {
        turns++;
        most = Math.max(most, accepted - before);
      }
      before = accepted;
      if (accepted >= CONNECTIONS) return resolve();
      const end = Date.now() + TURN_MS;
      while (Date.now() < end);
      setImmediate(turn);
    };
    setImmediate(turn);
  });
  client.kill();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  return {
    handles: made,
    connections: CONNECTIONS,
    'turns to accept all': turns,
    'most accepted in one turn': most,
    'busy time to accept all (turns x turn ms)': turns * TURN_MS,
  };
}
