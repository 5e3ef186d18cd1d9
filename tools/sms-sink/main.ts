// node --import tsx tools/sms-sink/main.ts --port 1090 [--mail-url http://127.0.0.1:1080/]
// Started by tools/lib/message-sinks.mjs (npm start, the e2e run); listens on 127.0.0.1 only.
import { parseArgs } from 'node:util';
import { createSmsSink } from './sink';

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'mail-url': { type: 'string' } },
  strict: true,
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port: '${values.port ?? ''}' is not a port number`);
  process.exit(2);
}

const { server } = createSmsSink({ mailUrl: values['mail-url'] ?? null });
server.listen(port, '127.0.0.1', () => {
  console.log(`SMS sink on http://127.0.0.1:${port}/ (gateway: POST http://127.0.0.1:${port}/sms)`);
});
const close = () => server.close(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
