// Every error answer of the server comes from here (README "Wire contract": { code, message, errors? }).

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES, type ErrorItem, REFUSAL_CODES } from '@originate/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

export interface ErrorBody {
  code: number;
  message: string;
  errors?: ErrorItem[];
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

export class ValidationError extends HttpError {
  constructor(errors: { label: string; reason: string }[]) {
    super(400, { code: ERROR_CODES.VALIDATION_FAILED.code, message: ERROR_CODES.VALIDATION_FAILED.message, errors });
  }
}

export const invalid = (label: string, reason: string) => new ValidationError([{ label, reason }]);
type Refusal = (typeof REFUSAL_CODES)[keyof typeof REFUSAL_CODES];

/** A refusal of the contract's catalogue, with its own words when the catalogue's are too general. */
const refusal = (entry: Refusal, message: string = entry.message) =>
  new HttpError(entry.status, { code: entry.code, message });

export const unauthorized = (message?: string) => refusal(REFUSAL_CODES.UNAUTHORIZED, message);
export const forbidden = (message?: string) => refusal(REFUSAL_CODES.FORBIDDEN, message);
export const notFound = (message?: string) => refusal(REFUSAL_CODES.NOT_FOUND, message);
export const conflict = (message: string) => refusal(REFUSAL_CODES.CONFLICT, message);

/** 429 with Retry-After (seconds): the error handler sets the header from `retryAfterSeconds`. */
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const { status, code, message } = REFUSAL_CODES.TOO_MANY_REQUESTS;
    super(status, { code, message });
  }
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** 'body' + '/teams/0' → 'teams[0]'; a missing property names itself. */
function labelOf(issue: AjvIssue, context: string | undefined): string {
  const parts = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    parts.push(issue.params.missingProperty);
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    parts.push(issue.params.additionalProperty);
  }
  if (parts.length === 0) return context ?? 'body';
  return parts.reduce(
    (label, part) => (/^\d+$/.test(part) ? `${label}[${part}]` : label ? `${label}.${part}` : part),
    '',
  );
}

function reasonOf(issue: AjvIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'enum':
      return `must be one of ${(issue.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return 'has an invalid format';
    case 'anyOf':
      return 'is not one of the allowed values';
    default:
      return issue.message ?? 'is invalid';
  }
}

/** Whether `path` is `prefix` or inside it ('/a/0' is inside '/a'). */
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function validationFromAjv(issues: AjvIssue[], context: string | undefined): ValidationError {
  const seen = new Set<string>();
  const errors: { label: string; reason: string }[] = [];
  // A value that fits no branch of a union (TypeBox literal unions are anyOf) gets one reason, not one per branch.
  const unions = issues.filter((i) => i.keyword === 'anyOf').map((i) => i.instancePath);
  for (const issue of issues) {
    if (issue.keyword !== 'anyOf' && unions.some((u) => under(issue.instancePath, u))) continue;
    const item = { label: labelOf(issue, context), reason: reasonOf(issue) };
    const key = `${item.label}|${item.reason}`;
    if (!seen.has(key)) {
      seen.add(key);
      errors.push(item);
    }
  }
  return new ValidationError(errors);
}

/**
 * A multipart body the parser (busboy under @fastify/multipart) could not read: its errors are plain
 * Errors known only by their message, or the plugin's FST_ codes. Any of them is bad input.
 */
function multipartRefusal(error: FastifyError): HttpError | null {
  const message = error.message ?? '';
  switch (error.code) {
    case 'FST_MP_PREMATURE_CLOSE':
      return invalid('body', 'was closed before the multipart data was complete');
    case 'FST_PROTO_VIOLATION':
      return invalid('body', 'has a part named like an Object prototype property');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid('body', 'has a part declared application/json that is not valid JSON');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid('body', `has more multipart parts than this route takes (${message})`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return invalid('content-type', 'must be multipart/form-data');
    case 'FST_REQ_FILE_TOO_LARGE':
      return refusal(REFUSAL_CODES.PAYLOAD_TOO_LARGE);
  }
  // The whole body or a part ended before the closing boundary: cut off, or framed by another boundary.
  if (
    message === 'Unexpected end of multipart data' ||
    message.endsWith('terminated early due to unexpected end of multipart data')
  ) {
    return invalid('body', 'ends before the closing boundary named in its content-type (cut off or another boundary)');
  }
  if (message === 'Multipart: Boundary not found' || message === 'Boundary required') {
    return invalid('content-type', 'must name the multipart boundary (multipart/form-data; boundary=…)');
  }
  // busboy's boundary search refuses an empty or over-long needle.
  if (message.startsWith('The needle cannot')) {
    return invalid('content-type', 'must name a multipart boundary of 1 to 70 characters');
  }
  return null;
}

/** Sends an HttpError as the wire's error envelope. */
export function sendError(reply: FastifyReply, error: HttpError) {
  return reply.code(error.statusCode).send(error.body);
}

/** Maps every thrown error to the wire shape. Bad input never becomes a 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    sendError(reply, notFound());
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof HttpError) return sendError(reply, error);
    if (error.validation) {
      return sendError(reply, validationFromAjv(error.validation as AjvIssue[], error.validationContext));
    }
    const multipart = multipartRefusal(error);
    if (multipart) return sendError(reply, multipart);
    const code = error.code ?? '';
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return sendError(reply, invalid('body', 'is not valid JSON'));
    }
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(reply, invalid('body', 'must not be empty when content-type is application/json'));
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return sendError(reply, invalid('content-type', 'must be application/json'));
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, refusal(REFUSAL_CODES.PAYLOAD_TOO_LARGE));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Whatever else Fastify refuses (a malformed URL, an unsupported method, a bad header) is bad input.
      request.log.info({ err: error }, 'refused request');
      return sendError(reply, invalid('request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    const { code: c, message } = ERROR_CODES.INTERNAL_SERVER_ERROR;
    return reply.code(500).send({ code: c, message });
  });
}

/** The last request Node handed to the server on each connection, and its response. */
const lastExchange = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();

/** Lets the client-error answer know which request a connection was in (its method, whether it was answered). */
export function trackExchanges(server: Server): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    lastExchange.set(request.socket, { request, response });
  });
}

/** helmet's policy of every routed answer (request-rules.ts), for answers written to the socket directly. */
const CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

function clientErrorAnswer(error: NodeJS.ErrnoException & { reason?: string }): HttpError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return refusal(REFUSAL_CODES.REQUEST_TIMEOUT);
  if (error.code === 'HPE_HEADER_OVERFLOW') return invalid('headers', 'are larger than the server accepts');
  const reason = (error.reason ?? error.message).replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
  return invalid('request', `is not valid HTTP/1.1 (${reason})`);
}

function writeClientError(socket: Socket, error: HttpError, method: string | undefined): void {
  const body = JSON.stringify(error.body);
  const head = [
    `HTTP/1.1 ${error.statusCode} ${error.statusCode === 408 ? 'Request Timeout' : 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ].join('\r\n');
  // A HEAD answer never has a body, an error one included.
  socket.end(`${head}\r\n\r\n${method === 'HEAD' ? '' : body}`, () => socket.destroy());
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses (malformed request, bytes after an
 * unframed body, headers too large) and requests that did not arrive whole within requestTimeout are
 * answered in the error envelope, and the connection is closed. An exchange already answered on the
 * connection (a 401 sent before the body was read) is not answered twice; one still being answered
 * finishes first, so a client never reads our error in place of its answer.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const last = lastExchange.get(socket);
  const answer = clientErrorAnswer(error);
  if (last && !last.request.complete) {
    // The broken request is the last one handed over: its body never arrived whole.
    if (last.response.headersSent) socket.destroy();
    else writeClientError(socket, answer, last.request.method);
    return;
  }
  // A new request the parser could not read. Bytes after a HEAD are, to its sender, the HEAD's unframed body,
  // and Node hands over whole chunks (rawPacket may hold earlier requests): any HEAD involved, no body.
  const raw = (error as { rawPacket?: Buffer }).rawPacket?.toString('latin1') ?? '';
  const method = last?.request.method === 'HEAD' || /(^|\n)HEAD /.test(raw) ? 'HEAD' : undefined;
  if (last && !last.response.writableFinished) {
    // Node emits 'close' on a response after its 'finish', or when its connection ends first.
    last.response.once('close', () => {
      if (last.response.writableFinished) writeClientError(socket, answer, method);
      else socket.destroy();
    });
    return;
  }
  writeClientError(socket, answer, method);
}
