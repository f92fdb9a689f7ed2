import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { WebSocketServer } from 'ws';
import type { ChatPerson } from '../../schema/contracts/chat';

/**
 * The benchmark's peers, each in its own process: `socketio` is a Socket.IO server answering the chat's event names
 * (sendMessage → receiveMessage to the room), `ws` is a bare `ws` broadcast, the floor. Neither stores anything.
 * Both have per-message compression off, as ours ships.
 */
const [kind, port] = process.argv.slice(2);

if (kind === 'socketio') {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], perMessageDeflate: false });
  let seq = 0;
  io.on('connection', (socket) => {
    void socket.join('room');
    // The same message object ours broadcasts (sender, status per member, times), so both move the same bytes.
    const sender = socket.handshake.auth as ChatPerson & { courseId: string; otherId: string };
    socket.on('sendMessage', (payload: { conversationId: string; clientId: string; message: string }) => {
      seq += 1;
      io.to('room').emit('receiveMessage', {
        message: {
          _id: crypto.randomUUID(),
          seq,
          clientId: payload.clientId,
          message: payload.message,
          sender: { _id: sender._id, firstname: sender.firstname, lastname: sender.lastname, avatar: sender.avatar },
          conversation: payload.conversationId,
          createdAt: new Date().toISOString(),
          course: sender.courseId,
          status: [{ user: sender.otherId, status: 'SAVED' }],
        },
      });
    });
  });
  http.listen(Number(port), () => console.log('ready'));
} else {
  const wss = new WebSocketServer({ port: Number(port), perMessageDeflate: false });
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      for (const client of wss.clients) client.send(data.toString());
    });
  });
  wss.on('listening', () => console.log('ready'));
}
