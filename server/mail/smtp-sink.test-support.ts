/** For tests: an SMTP server on loopback that keeps what it receives. */
import { createServer, type Server } from 'node:net';

/** A minimal SMTP server on loopback that keeps what it receives (enough of RFC 5321 for one client). */
export function smtpSink(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (data) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        messages.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        data = false;
        socket.write('250 queued\r\n');
      }
      let newline;
      while (!data && (newline = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (line.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          data = true;
          socket.write('354 go\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, messages })));
}

