// The one client every vendor call goes through: a timeout per attempt, retries with exponential backoff and
// jitter for idempotent calls (a timeout, a 5xx or an unreachable vendor), a circuit breaker per kind, and the
// answer checked against what the adapter expects. It returns what the audit records (attempts, HTTP status,
// the raw answer) along with the value; a failure is a VendorCallError naming the kind and what happened.
import type { IntegrationFailure, IntegrationKind } from '@originate/contract';
import { admit, type BreakerPolicy, type BreakerState, CLOSED, record } from './circuit-breaker';

export interface VendorEndpoint {
  kind: IntegrationKind;
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
}

export interface ClientPolicy extends BreakerPolicy {
  retries: number;
  retryBaseMs: number;
}

export interface VendorRequest<T> {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Retried after a timeout, 5xx or unreachable vendor; a call that creates something is not (unless keyed). */
  idempotent: boolean;
  /** The value out of the vendor's JSON; throws (any error) when the answer is not what was expected. */
  parse: (answer: unknown) => T;
  /** Sent as Idempotency-Key: the vendor answers a repeat with the first call's result. */
  idempotencyKey?: string;
}

export interface Exchange {
  attempts: number;
  httpStatus: number | null;
  /** The vendor's last answer as JSON (or its text when it was not JSON), for the audit. */
  answer: unknown;
}

export class VendorCallError extends Error {
  constructor(
    readonly kind: IntegrationKind,
    readonly failure: IntegrationFailure,
    readonly exchange: Exchange,
    detail: string,
  ) {
    super(`${kind}: ${failure} (${detail})`);
  }
}

/** Attempt n's wait before it (n ≥ 1): base × 2^(n-1), half of it random so many callers do not retry in step. */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const full = baseMs * 2 ** (attempt - 1);
  return Math.round(full / 2 + (random() * full) / 2);
}

const RETRYABLE: ReadonlySet<IntegrationFailure> = new Set(['TIMEOUT', 'VENDOR_ERROR', 'UNREACHABLE']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class VendorClient {
  private breaker: BreakerState = CLOSED;

  constructor(
    readonly endpoint: VendorEndpoint,
    private readonly policy: ClientPolicy,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The breaker's state now (the health of a kind, and the tests). */
  get breakerState(): BreakerState {
    return this.breaker;
  }

  async call<T>(request: VendorRequest<T>): Promise<{ value: T; exchange: Exchange }> {
    const maxAttempts = request.idempotent || request.idempotencyKey ? 1 + this.policy.retries : 1;
    let exchange: Exchange = { attempts: 0, httpStatus: null, answer: null };
    for (let attempt = 1; ; attempt++) {
      const gate = admit(this.breaker, this.clock(), this.policy);
      this.breaker = gate.next;
      if (!gate.allowed) throw new VendorCallError(this.endpoint.kind, 'CIRCUIT_OPEN', exchange, 'circuit open');
      const outcome = await this.attempt(request);
      exchange = { attempts: attempt, httpStatus: outcome.httpStatus, answer: outcome.answer };
      this.breaker = record(this.breaker, outcome.failure ? 'failure' : 'success', this.clock(), this.policy);
      if (!outcome.failure) return { value: outcome.value as T, exchange };
      if (attempt >= maxAttempts || !RETRYABLE.has(outcome.failure)) {
        throw new VendorCallError(this.endpoint.kind, outcome.failure, exchange, outcome.detail);
      }
      await sleep(backoffMs(attempt, this.policy.retryBaseMs));
    }
  }

  private async attempt<T>(request: VendorRequest<T>): Promise<{
    value?: T;
    failure?: IntegrationFailure;
    detail: string;
    httpStatus: number | null;
    answer: unknown;
  }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (this.endpoint.apiKey) headers['x-api-key'] = this.endpoint.apiKey;
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    let response: Response;
    let text: string;
    // One signal for the whole attempt: a vendor that sends its headers and then stalls the body times out too.
    const signal = AbortSignal.timeout(this.endpoint.timeoutMs);
    try {
      response = await fetch(new URL(request.path, this.endpoint.baseUrl), {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      const timedOut = signal.aborted;
      return {
        failure: timedOut ? 'TIMEOUT' : 'UNREACHABLE',
        detail: timedOut ? `no answer within ${this.endpoint.timeoutMs} ms` : String((error as Error).message),
        httpStatus: null,
        answer: null,
      };
    }
    let answer: unknown = text.slice(0, 2000);
    try {
      answer = JSON.parse(text);
    } catch {
      // Kept as text: the audit shows what came back.
    }
    if (response.status >= 500 || response.status === 429) {
      return { failure: 'VENDOR_ERROR', detail: `HTTP ${response.status}`, httpStatus: response.status, answer };
    }
    if (response.status >= 400) {
      // The vendor refused what we sent: retrying the same request would be refused again.
      return { failure: 'REJECTED', detail: `HTTP ${response.status}`, httpStatus: response.status, answer };
    }
    try {
      return { value: request.parse(answer), detail: 'ok', httpStatus: response.status, answer };
    } catch (error) {
      return {
        failure: 'MALFORMED_ANSWER',
        detail: String((error as Error).message).slice(0, 300),
        httpStatus: response.status,
        answer,
      };
    }
  }
}
