// CPU time of a process, or of one of its threads, read from /proc, and a wait until a process is quiet:
// shared by the benches that start the product and charge its CPU to the requests they send.
import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system) in µs, from /proc (clock ticks of 10 ms): of the whole process `pid`, or of its
 * thread `tid` (the main thread's id is the process's).
 */
export function cpuUsOf(pid, tid) {
  const stat = readFileSync(
    tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`,
    'utf8',
  );
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Waits (at most `timeoutMs`) until the process `pid` has used under a tenth of a core for two readings of
 * 500 ms in a row: the work a start or the seeding left behind (the concept linking of the seeded memories
 * in a worker thread, the first compilations) would otherwise be counted in the next figure's CPU.
 */
export async function settle(pid, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    const before = cpuUsOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet = cpuUsOf(pid) - before < 50_000 ? quiet + 1 : 0;
  }
}
