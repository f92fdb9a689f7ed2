import { createServer, type Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * The peer: a bare WebRTC pair signalled through a plain `ws` server, served from one Node http server on
 * localhost (a secure context, so the page may use the camera). The server passes each message to the other socket
 * and nothing else: no tickets, no storage, no protocol around it. The page that is there first, camera on, offers
 * to whoever joins; the joiner answers and receives. Host candidates only, as our mesh uses without configuration.
 */
const PAGE = `<!doctype html><meta charset="utf-8"><title>peer</title>
<video id="remote" data-remote autoplay playsinline muted></video>
<script>
const role = new URLSearchParams(location.search).get('role');
const ws = new WebSocket('ws://' + location.host + '/signal');
const pc = new RTCPeerConnection({ iceServers: [] });
// The host's camera is on before anyone joins, as Theo's is in our room.
window.media = role === 'host' ? navigator.mediaDevices.getUserMedia({ audio: true, video: true }) : null;
window.ready = Promise.all([window.media, new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }))]);
pc.onicecandidate = (e) => { if (e.candidate) ws.send(JSON.stringify({ ice: e.candidate.toJSON() })); };
pc.ontrack = (e) => { const video = document.getElementById('remote'); video.srcObject = new MediaStream([...(video.srcObject?.getTracks() ?? []), e.track]); };
ws.onmessage = async (event) => {
  const m = JSON.parse(event.data);
  if (m.join && role === 'host') {
    const stream = await window.media;
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    await pc.setLocalDescription();
    ws.send(JSON.stringify({ sdp: pc.localDescription }));
  } else if (m.sdp) {
    await pc.setRemoteDescription(m.sdp);
    if (m.sdp.type === 'offer') { await pc.setLocalDescription(); ws.send(JSON.stringify({ sdp: pc.localDescription })); }
  } else if (m.ice) await pc.addIceCandidate(m.ice);
};
window.joinCall = () => window.ready.then(() => ws.send(JSON.stringify({ join: true })));
</script>`;

export async function startPeerServer(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(PAGE);
  });
  const wss = new WebSocketServer({ server, path: '/signal' });
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      for (const other of wss.clients) if (other !== socket && other.readyState === WebSocket.OPEN) other.send(data, { binary: isBinary });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return server;
}
