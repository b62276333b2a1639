// A WebSocket server on 127.0.0.1 for the tests of waits on replies: it answers a text message
// "reply <ms> <text>" with <text> after <ms>, and anything else with nothing. Just the handshake
// and unfragmented text frames shorter than 126 bytes, all these tests send.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ReplySocketServer {
  /** ws://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'; // RFC 6455 section 1.3

export async function startReplySocketServer(): Promise<ReplySocketServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => { res.writeHead(426); res.end(); });
  server.on('upgrade', (req, socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}${GUID}`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    let buffered = Buffer.alloc(0);
    socket.on('data', chunk => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (buffered.length < 6) return;
        const opcode = buffered[0]! & 0x0f;
        const length = buffered[1]! & 0x7f;
        if (buffered.length < 6 + length) return;
        const mask = buffered.subarray(2, 6);
        const payload = Buffer.from(buffered.subarray(6, 6 + length).map((byte, i) => byte ^ mask[i % 4]!));
        buffered = buffered.subarray(6 + length);
        if (opcode === 8) { socket.end(); return; }
        const asked = /^reply (\d+) (.*)$/.exec(payload.toString('utf8'));
        if (asked) setTimeout(() => { if (!socket.destroyed) socket.write(textFrame(asked[2]!)); }, Number(asked[1]));
      }
    });
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('reply socket server has no port');
  return {
    url: `ws://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>(done => server.close(() => done()));
    },
  };
}

function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([0x81, payload.length]), payload]);
}
