// Test helpers for Node servers (mock-server, deploy): no React, no DOM.
import net from 'node:net';

/**
 * Writes `request` (typically half of one) to 127.0.0.1:port and resolves with everything the server
 * answered once it closes the connection; rejects after `limitMs`, so a server that keeps a half-sent
 * request open fails the test instead of hanging it.
 */
export function answerUntilClosed(port: number, request: string, limitMs = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a half-sent request open'));
    }, limitMs).unref();
  });
}
