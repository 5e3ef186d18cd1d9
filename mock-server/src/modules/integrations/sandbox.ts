// The built-in sandbox vendors (README "Integrations"): one HTTP server on 127.0.0.1 that answers every kind's
// calls as a vendor would, deterministically (the same inputs give the same report), with realistic shapes. A
// test chooses failure modes per kind (failNext: a timeout, a 5xx or a malformed answer), or, from outside the process
// (a browser test), by the applicant: a flaky PAN (flakyBureauFault) fails its first bureau fetch. There is no control
// route. INTEGRATION_SANDBOX_LATENCY_MS makes every answer slow (the bench's 1 s vendor). The server starts it when a
// kind has no real vendor URL.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type IntegrationKind, isValidAadhaar, isValidPan, panHolderType } from '@originate/contract';
import { textPdf } from '../documents';

export type SandboxFault = 'timeout' | '5xx' | 'malformed';

/** Each kind's path on the sandbox (and on a real vendor speaking the same protocol). */
export const VENDOR_PATHS = {
  bureau: '/bureau/v1/reports',
  bankStatement: '/bank-statements/v1/analyses',
  pan: '/identity/v1/pan',
  aadhaar: '/identity/v1/aadhaar',
  payment: '/payments/v1/links',
  loanCreation: '/core-banking/v1/loans',
  deviation: '/core-banking/v1/deviations',
  employeeSearch: '/hrms/v1/employees/search',
  pmay: '/pmay/v1/forms',
} as const;

const KIND_OF_PATH: Record<string, IntegrationKind> = {
  [VENDOR_PATHS.bureau]: 'bureau',
  [VENDOR_PATHS.bankStatement]: 'bankStatement',
  [VENDOR_PATHS.pan]: 'identity',
  [VENDOR_PATHS.aadhaar]: 'identity',
  [VENDOR_PATHS.payment]: 'payment',
  [VENDOR_PATHS.loanCreation]: 'loanCreation',
  [VENDOR_PATHS.deviation]: 'loanCreation',
  [VENDOR_PATHS.employeeSearch]: 'employeeSearch',
  [VENDOR_PATHS.pmay]: 'pmay',
};

/** A deterministic stream of numbers in [0, 1) from a text (sha-256 chained): the same subject, the same report. */
function streamOf(seed: string): () => number {
  let block = createHash('sha256').update(seed).digest();
  let at = 0;
  return () => {
    if (at + 4 > block.length) {
      block = createHash('sha256').update(block).digest();
      at = 0;
    }
    const value = block.readUInt32BE(at) / 2 ** 32;
    at += 4;
    return value;
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const rupees = (v: number) => Math.round(v / 100) * 100;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (asOf: Date, days: number) => new Date(asOf.getTime() - days * 86_400_000);

const LENDERS = ['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Bajaj Finance', 'Kotak Mahindra Bank'];
const FACILITIES = [
  { type: 'Personal loan', min: 100_000, max: 1_000_000, months: 48, rate: 0.14 },
  { type: 'Auto loan', min: 300_000, max: 1_200_000, months: 60, rate: 0.095 },
  { type: 'Credit card', min: 50_000, max: 400_000, months: 0, rate: 0 },
  { type: 'Consumer durable loan', min: 20_000, max: 120_000, months: 12, rate: 0.16 },
] as const;

function emiOf(principal: number, yearlyRate: number, months: number): number {
  const r = yearlyRate / 12;
  return Math.round((principal * r * (1 + r) ** months) / ((1 + r) ** months - 1));
}

/** A CIBIL-like report of the PAN's holder as of a date. */
function bureauReport(body: Record<string, unknown>) {
  const pan = str(body.pan);
  const asOf = new Date(`${str(body.asOf) || '2026-01-01'}T00:00:00Z`);
  const next = streamOf(`bureau:${pan}`);
  const accounts = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => {
    const facility = FACILITIES[Math.floor(next() * FACILITIES.length)] ?? FACILITIES[0];
    const lender = LENDERS[Math.floor(next() * LENDERS.length)] ?? 'HDFC Bank';
    const sanctioned = rupees(facility.min + next() * (facility.max - facility.min));
    const closed = next() < 0.25;
    const ageMonths = 3 + Math.floor(next() * 40);
    const emi = facility.months ? emiOf(sanctioned, facility.rate, facility.months) : rupees(sanctioned * 0.05);
    const paidShare = facility.months ? Math.min(1, ageMonths / facility.months) : next() * 0.6;
    const outstanding = closed ? 0 : rupees(sanctioned * (1 - paidShare));
    const late = next() < 0.15;
    return {
      lender,
      type: facility.type,
      accountNumber: `XXXXXXXX${String(1000 + Math.floor(next() * 9000))}`,
      sanctionedAmount: sanctioned,
      outstanding,
      emi: closed || outstanding === 0 ? 0 : emi,
      status: closed || outstanding === 0 ? ('CLOSED' as const) : ('ACTIVE' as const),
      openedOn: isoDate(daysBefore(asOf, ageMonths * 30 + i)),
      dpd: Array.from({ length: 12 }, (_, m) => (late && m === 3 + i ? 30 : 0)),
    };
  });
  const active = accounts.filter((a) => a.status === 'ACTIVE' && a.emi > 0);
  const lates = accounts.reduce((n, a) => n + a.dpd.filter((d) => d > 0).length, 0);
  const enquiries = Array.from({ length: Math.floor(next() * 4) }, () => ({
    date: isoDate(daysBefore(asOf, 5 + Math.floor(next() * 170))),
    lender: LENDERS[Math.floor(next() * LENDERS.length)] ?? 'HDFC Bank',
    purpose: next() < 0.5 ? 'Personal loan' : 'Credit card',
    amount: rupees(50_000 + next() * 500_000),
  })).sort((a, b) => b.date.localeCompare(a.date));
  // The score falls with late payments, many enquiries and many open loans, as a bureau's would.
  const score = Math.max(
    300,
    Math.min(900, Math.round(640 + next() * 200 - lates * 45 - enquiries.length * 8 - active.length * 6)),
  );
  return {
    bureau: 'Sandbox Credit Information Bureau',
    reportId: `SCIB-${createHash('sha256')
      .update(`${pan}:${str(body.asOf)}`)
      .digest('hex')
      .slice(0, 12)
      .toUpperCase()}`,
    score,
    accounts,
    obligations: {
      monthlyTotal: active.reduce((sum, a) => sum + a.emi, 0),
      items: active.map((a) => ({ lender: a.lender, type: a.type, emi: a.emi })),
    },
    enquiries,
  };
}

/** A Perfios-like analysis of six months of the salary account up to the month before asOf. */
function bankStatement(body: Record<string, unknown>) {
  const reference = str(body.reference);
  const declared = Math.max(10_000, num(body.declaredMonthlyIncome) || 60_000);
  const employer = str(body.employer) || 'Employer';
  const asOf = new Date(`${str(body.asOf) || '2026-01-01'}T00:00:00Z`);
  const next = streamOf(`statement:${reference}`);
  const salaryBase = rupees(declared * (0.92 + next() * 0.08));
  const salaryCredits: { date: string; employer: string; amount: number }[] = [];
  const bounces: { date: string; reason: string; amount: number }[] = [];
  const months = Array.from({ length: 6 }, (_, i) => {
    const first = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - 6 + i, 1));
    const month = first.toISOString().slice(0, 7);
    const salary = salaryBase;
    salaryCredits.push({
      date: `${month}-${String(1 + Math.floor(next() * 3)).padStart(2, '0')}`,
      employer,
      amount: salary,
    });
    const other = rupees(next() * declared * 0.3);
    const outflows = rupees((salary + other) * (0.7 + next() * 0.28));
    const bounced = next() < 0.12 ? 1 : 0;
    if (bounced) {
      bounces.push({
        date: `${month}-${String(5 + Math.floor(next() * 20)).padStart(2, '0')}`,
        reason: 'Insufficient funds (ECS/NACH return)',
        amount: rupees(5_000 + next() * 20_000),
      });
    }
    return {
      month,
      inflows: salary + other,
      outflows,
      averageBalance: rupees(salary * (0.2 + next() * 0.8)),
      salary,
      bounces: bounced,
    };
  });
  return {
    analysisId: `SPA-${createHash('sha256')
      .update(`${reference}:${str(body.asOf)}`)
      .digest('hex')
      .slice(0, 12)
      .toUpperCase()}`,
    bank: LENDERS[Math.floor(next() * 4)] ?? 'HDFC Bank',
    accountNumber: `XXXXXXXX${String(1000 + Math.floor(next() * 9000))}`,
    months,
    salaryCredits,
    bounces,
    averageMonthlySalary: salaryBase,
  };
}

/** The issuer's record of a PAN: a valid PAN is known unless its digits are 0000 (the sandbox's unknown PAN). */
function panCheck(body: Record<string, unknown>) {
  const pan = str(body.pan).toUpperCase();
  const known = isValidPan(pan) && pan.slice(5, 9) !== '0000';
  const name = str(body.name);
  // The issuer's name agrees when the PAN's fifth letter is the surname's initial (a person's PAN carries it).
  const surname = name.trim().split(/\s+/).at(-1) ?? '';
  return {
    pan,
    status: known ? 'VALID' : 'NOT_FOUND',
    holderType: known ? panHolderType(pan) : null,
    nameMatch: known && name ? pan[4] === surname[0]?.toUpperCase() : null,
  };
}

function aadhaarCheck(body: Record<string, unknown>) {
  const aadhaar = str(body.aadhaar);
  return { status: isValidAadhaar(aadhaar) ? 'VALID' : 'NOT_FOUND' };
}

const EMPLOYEES = [
  ['E1001', 'Anil Kumar', 'Branch manager', 'Mumbai Andheri'],
  ['E1002', 'Priya Sharma', 'Credit manager', 'Mumbai Andheri'],
  ['E1003', 'Rahul Verma', 'Relationship officer', 'Pune Camp'],
  ['E1004', 'Sneha Iyer', 'Credit officer', 'Chennai T Nagar'],
  ['E1005', 'Vikram Singh', 'Zonal head', 'Delhi Connaught Place'],
  ['E1006', 'Meera Nair', 'Operations officer', 'Bengaluru Koramangala'],
  ['E1007', 'Arjun Rao', 'Sales officer', 'Hyderabad Banjara Hills'],
  ['E1008', 'Kavita Joshi', 'Credit manager', 'Ahmedabad Navrangpura'],
] as const;

/**
 * The bureau's flaky applicants (README "Integrations"): a PAN whose four digits are 9999 (no seeded PAN has them)
 * fails its first fetch, every attempt of it, and is answered from the next fetch on; its last letter chooses the
 * failure: T a timeout, M a malformed answer, any other a 503. A browser test shows a vendor failure and its retry
 * this way: the failure is chosen by the data, so nothing outside the process can make the sandbox fail otherwise.
 */
function flakyBureauFault(pan: string): SandboxFault | null {
  const normal = pan.toUpperCase();
  if (!isValidPan(normal) || normal.slice(5, 9) !== '9999') return null;
  return normal[9] === 'T' ? 'timeout' : normal[9] === 'M' ? 'malformed' : '5xx';
}

/** How many flaky PANs the sandbox remembers (oldest forgotten first): bounds its memory, not a limit a test meets. */
const FLAKY_PANS_KEPT = 10_000;

export interface Sandbox {
  readonly url: string;
  /** The next `times` calls of a kind fail this way (a test's choice); later ones are answered again. */
  failNext(kind: IntegrationKind, fault: SandboxFault, times?: number): void;
  /** Calls the sandbox received per kind (tests check retries and that an open circuit spares the vendor). */
  received(kind: IntegrationKind): number;
  close(): Promise<void>;
}

/**
 * attemptsPerCall is how many attempts the client makes of a retried call (1 + INTEGRATION_RETRIES): a flaky PAN's
 * first fetch fails on each of them. A malformed answer is not retried, so it fails one attempt.
 */
export async function startSandbox(latencyMs: number, attemptsPerCall: number): Promise<Sandbox> {
  const faults = new Map<IntegrationKind, SandboxFault[]>();
  /** The attempts each flaky PAN has failed so far. */
  const flakyFailed = new Map<string, number>();
  const flakyFault = (body: Record<string, unknown>): SandboxFault | undefined => {
    const pan = str(body.pan).toUpperCase();
    const fault = flakyBureauFault(pan);
    if (!fault) return undefined;
    const failed = flakyFailed.get(pan) ?? 0;
    if (failed >= (fault === 'malformed' ? 1 : attemptsPerCall)) return undefined;
    flakyFailed.delete(pan);
    flakyFailed.set(pan, failed + 1);
    if (flakyFailed.size > FLAKY_PANS_KEPT) flakyFailed.delete(flakyFailed.keys().next().value as string);
    return fault;
  };
  const counts = new Map<IntegrationKind, number>();
  /** Core banking's loans by idempotency key: a repeated creation answers the first loan. */
  const loans = new Map<string, unknown>();

  const handlers: Record<string, (body: Record<string, unknown>, request: IncomingMessage) => unknown> = {
    [VENDOR_PATHS.bureau]: bureauReport,
    [VENDOR_PATHS.bankStatement]: bankStatement,
    [VENDOR_PATHS.pan]: panCheck,
    [VENDOR_PATHS.aadhaar]: aadhaarCheck,
    [VENDOR_PATHS.payment]: (body) => {
      const id = `PAY-${createHash('sha256')
        .update(`${str(body.reference)}:${num(body.amount)}:${str(body.purpose)}`)
        .digest('hex')
        .slice(0, 10)
        .toUpperCase()}`;
      return { paymentId: id, status: 'CREATED', paymentUrl: `https://pay.sandbox.invalid/checkout/${id}` };
    },
    [VENDOR_PATHS.loanCreation]: (body, request) => {
      const key = String(request.headers['idempotency-key'] ?? str(body.reference));
      const existing = loans.get(key);
      if (existing) return existing;
      const loan = {
        loanAccountNumber: `LN${createHash('sha256').update(key).digest('hex').slice(0, 12).toUpperCase()}`,
        status: 'BOOKED',
        sanctionedAmount: num(body.amount),
      };
      loans.set(key, loan);
      return loan;
    },
    [VENDOR_PATHS.deviation]: (body) => ({
      deviationId: `DEV-${createHash('sha256')
        .update(`${str(body.reference)}:${str(body.code)}`)
        .digest('hex')
        .slice(0, 10)
        .toUpperCase()}`,
      status: 'RECORDED',
    }),
    [VENDOR_PATHS.employeeSearch]: (body) => {
      const query = str(body.query).toLowerCase();
      return {
        employees: EMPLOYEES.filter((employee) => employee.some((text) => text.toLowerCase().includes(query))).map(
          ([employeeId, name, designation, branch]) => ({ employeeId, name, designation, branch }),
        ),
      };
    },
    [VENDOR_PATHS.pmay]: (body) => {
      const reference = str(body.reference);
      const pdf = textPdf('Pradhan Mantri Awas Yojana - credit-linked subsidy application', [
        `Reference: ${reference}`,
        `Applicant: ${str(body.applicantName) || '-'}`,
        `Loan amount: INR ${num(body.loanAmount).toLocaleString('en-IN')}`,
        `Property city: ${str(body.propertyCity) || '-'}`,
        'Generated by the PMAY sandbox service.',
      ]);
      return { fileName: `pmay-${reference}.pdf`, contentBase64: pdf.toString('base64') };
    },
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const handler = handlers[path];
      const kind = KIND_OF_PATH[path];
      if (!handler || !kind || request.method !== 'POST') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"NOT_FOUND"}');
        return;
      }
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        body =
          parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"status":"BAD_REQUEST"}');
        return;
      }
      const fault = faults.get(kind)?.shift() ?? (kind === 'bureau' ? flakyFault(body) : undefined);
      // A timeout holds the request until the caller gives up (its socket closes) or the sandbox closes.
      if (fault === 'timeout') return;
      const answer = () => {
        if (response.destroyed) return;
        if (fault === '5xx') {
          response.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"SERVICE_UNAVAILABLE"}');
        } else if (fault === 'malformed') {
          // Cut mid-document, as a proxy that drops the connection would leave it.
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"SUCCESS","data":{"sco');
        } else {
          const data = handler(body, request);
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ status: 'SUCCESS', data }));
        }
      };
      if (latencyMs > 0) setTimeout(answer, latencyMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failNext(kind, fault, times = 1) {
      faults.set(kind, [...(faults.get(kind) ?? []), ...Array.from({ length: times }, () => fault)]);
    },
    received: (kind) => counts.get(kind) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
