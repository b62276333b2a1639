// The deadline helper on a busy server: when its timer runs late, in the same turn of the event
// loop as the answer it waited for, the answer wins (timers run before sockets are read).
import { createServer, type Server, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { CancelledError, cancellableSleep, runCancellable, untilCancelled, within, withDeadline } from '../../driver/deadline.js';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) s.close();
});

/**
 * A loopback socket written to by a worker thread, which says (through shared memory) when the
 * bytes are sent; the answer is then passed on in `hops` setImmediates, as Playwright passes on a
 * protocol message (its transport, then its in-process connection).
 */
async function answerFromAnotherThread(hops = 0): Promise<{ answer: Promise<string>; writeAndWait(): void }> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(`
    const { workerData, parentPort } = require('node:worker_threads');
    const flag = new Int32Array(workerData.flag);
    const socket = require('node:net').connect(workerData.port, '127.0.0.1');
    parentPort.once('message', () => socket.write('answered', () => { Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }));
  `, { eval: true, workerData: { port: (server.address() as { port: number }).port, flag: flag.buffer } });
  const socket = await new Promise<Socket>(resolve => server.once('connection', resolve));
  sockets.push(socket);
  const passOn = (n: number, done: () => void): void => { if (n) setImmediate(() => passOn(n - 1, done)); else done(); };
  const answer = new Promise<string>(resolve => socket.once('data', data => passOn(hops, () => resolve(String(data)))));
  return {
    answer: answer.finally(() => { void worker.terminate(); }),
    writeAndWait() {
      // Blocks this thread (a busy server) until the answer is sent and the 30 ms deadline has passed.
      const started = Date.now();
      worker.postMessage('write');
      Atomics.wait(flag, 0, 0, 10_000);
      while (Date.now() - started < 80) { /* busy */ }
    },
  };
}

describe('deadline helper', () => {
  it('withDeadline: an answer already read in the turn its timer runs late is the result', async () => {
    const { answer, writeAndWait } = await answerFromAnotherThread();
    const bounded = withDeadline(answer, 30, 'The test call');
    writeAndWait();
    await expect(bounded).resolves.toBe('answered');
  });

  it('withDeadline: the same when the answer is passed on as Playwright passes it (two setImmediates)', async () => {
    const { answer, writeAndWait } = await answerFromAnotherThread(2);
    const bounded = withDeadline(answer, 30, 'The test call');
    writeAndWait();
    await expect(bounded).resolves.toBe('answered');
  });

  it('within: the same, reported as answered', async () => {
    const { answer, writeAndWait } = await answerFromAnotherThread(2);
    const bounded = within(answer, 30);
    writeAndWait();
    await expect(bounded).resolves.toEqual({ ok: true, value: 'answered' });
  });

  it('still times out when no answer comes', async () => {
    const never = new Promise<string>(() => {});
    await expect(withDeadline(never, 30, 'The test call')).rejects.toThrow('The test call did not answer within 30ms');
    await expect(within(never, 30)).resolves.toMatchObject({ ok: false, reason: 'timeout' });
  });
});

describe('a cancelled call', () => {
  it('ends its waits at once, however deep in its awaits they are; a wait outside any call is not touched', async () => {
    const controller = new AbortController();
    const never = new Promise<string>(() => {});
    const call = runCancellable(controller.signal, async () => {
      await Promise.resolve();
      const waits = [untilCancelled(never), cancellableSleep(60_000)];
      await new Promise(resolve => setTimeout(resolve, 10));
      return Promise.allSettled(waits);
    });
    setTimeout(() => controller.abort(), 20);
    const outcomes = await call;
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: expect.any(CancelledError) });
    // Outside a call (no signal), and in a call that was not cancelled, the work's own outcome comes through.
    await expect(untilCancelled(Promise.resolve('kept'))).resolves.toBe('kept');
    await expect(runCancellable(new AbortController().signal, () => untilCancelled(Promise.resolve('kept')))).resolves.toBe('kept');
  });

  it('that was cancelled before a wait began fails that wait at once', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runCancellable(controller.signal, () => cancellableSleep(60_000))).rejects.toBeInstanceOf(CancelledError);
  });
});
