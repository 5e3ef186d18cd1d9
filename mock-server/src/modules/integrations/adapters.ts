// One adapter interface per kind of vendor, and its implementation over the vendor protocol the sandbox speaks
// (README "Integrations": JSON over HTTP, answers as {status: 'SUCCESS', data}). A vendor with another protocol
// is another implementation of the same interface; the rest of the server sees only these interfaces.
import {
  type BankStatementAnalysis,
  BankStatementAnalysisSchema,
  type BureauReport,
  BureauReportSchema,
  type EmployeeSearchAnswer,
  schemaIssues,
} from '@originate/contract/schemas';
import Type, { type Static, type TSchema } from 'typebox';
import type { Exchange, VendorClient } from './client';
import { VENDOR_PATHS } from './sandbox';

export interface Outcome<T> {
  value: T;
  exchange: Exchange;
}

interface BureauSubject {
  pan: string;
  name: string;
  dob: string;
  mobile: string;
  /** The report's date (YYYY-MM-DD): its enquiries and accounts are as of then. */
  asOf: string;
}
export interface BureauAdapter {
  report(subject: BureauSubject): Promise<Outcome<BureauReport>>;
}

interface StatementSubject {
  /** Our reference of the statement request (the application's id). */
  reference: string;
  name: string;
  employer: string;
  declaredMonthlyIncome: number;
  asOf: string;
}
export interface BankStatementAdapter {
  analyse(subject: StatementSubject): Promise<Outcome<BankStatementAnalysis>>;
}

interface PanRecord {
  status: 'VALID' | 'NOT_FOUND';
  holderType: string | null;
  nameMatch: boolean | null;
}
export interface IdentityAdapter {
  pan(pan: string, name: string | undefined): Promise<Outcome<PanRecord>>;
  aadhaar(aadhaar: string): Promise<Outcome<{ status: 'VALID' | 'NOT_FOUND' }>>;
}

export interface PaymentAdapter {
  createLink(request: {
    reference: string;
    amount: number;
    purpose: string;
  }): Promise<Outcome<{ paymentId: string; status: string; paymentUrl: string }>>;
}

export interface CoreBankingAdapter {
  /** Keyed by the application: asking again answers the loan already booked (never a second loan). */
  createLoan(request: {
    reference: string;
    amount: number;
    tenureMonths: number;
    productCode: string;
  }): Promise<Outcome<{ loanAccountNumber: string; status: string; sanctionedAmount: number }>>;
  recordDeviation(request: {
    reference: string;
    code: string;
    reason: string;
  }): Promise<Outcome<{ deviationId: string; status: string }>>;
}

export interface EmployeeDirectoryAdapter {
  search(query: string): Promise<Outcome<EmployeeSearchAnswer['employees']>>;
}

export interface PmayAdapter {
  form(request: {
    reference: string;
    applicantName: string;
    loanAmount: number;
    propertyCity: string;
  }): Promise<Outcome<{ fileName: string; pdf: Buffer }>>;
}

const Text = Type.String({ minLength: 1, maxLength: 500 });

/** The vendor's {status: 'SUCCESS', data} with data as the schema says; an Error naming the first problem otherwise. */
function dataOf<S extends TSchema>(schema: S) {
  return (answer: unknown): Static<S> => {
    const envelope = answer as { status?: unknown; data?: unknown } | null;
    if (!envelope || typeof envelope !== 'object' || envelope.status !== 'SUCCESS') {
      throw new Error('answer is not {status: SUCCESS, data}');
    }
    const issues = schemaIssues(schema, envelope.data);
    if (issues.length > 0) throw new Error(issues.map((i) => `${i.path}: ${i.reason}`).join('; '));
    return envelope.data as Static<S>;
  };
}

const post = <S extends TSchema>(
  client: VendorClient,
  operation: string,
  path: string,
  body: unknown,
  schema: S,
  keying: { idempotent: boolean; idempotencyKey?: string } = { idempotent: true },
) => client.call({ operation, method: 'POST', path, body, parse: dataOf(schema), ...keying });

export const httpBureau = (client: VendorClient): BureauAdapter => ({
  report: (subject) => post(client, 'report', VENDOR_PATHS.bureau, subject, BureauReportSchema),
});

export const httpBankStatement = (client: VendorClient): BankStatementAdapter => ({
  analyse: (subject) => post(client, 'analyse', VENDOR_PATHS.bankStatement, subject, BankStatementAnalysisSchema),
});

const PanRecordSchema = Type.Object({
  status: Type.Union([Type.Literal('VALID'), Type.Literal('NOT_FOUND')]),
  holderType: Type.Union([Text, Type.Null()]),
  nameMatch: Type.Union([Type.Boolean(), Type.Null()]),
});
const AadhaarRecordSchema = Type.Object({ status: Type.Union([Type.Literal('VALID'), Type.Literal('NOT_FOUND')]) });

export const httpIdentity = (client: VendorClient): IdentityAdapter => ({
  pan: async (pan, name) => {
    const { value, exchange } = await post(client, 'pan', VENDOR_PATHS.pan, { pan, name }, PanRecordSchema);
    return { value: { status: value.status, holderType: value.holderType, nameMatch: value.nameMatch }, exchange };
  },
  aadhaar: (aadhaar) => post(client, 'aadhaar', VENDOR_PATHS.aadhaar, { aadhaar }, AadhaarRecordSchema),
});

export const httpPayment = (client: VendorClient): PaymentAdapter => ({
  // A payment link is keyed by the application and purpose: a retry answers the same link.
  createLink: (request) =>
    post(
      client,
      'createLink',
      VENDOR_PATHS.payment,
      request,
      Type.Object({ paymentId: Text, status: Text, paymentUrl: Text }),
      { idempotent: false, idempotencyKey: `${request.reference}:${request.purpose}:${request.amount}` },
    ),
});

export const httpCoreBanking = (client: VendorClient): CoreBankingAdapter => ({
  createLoan: (request) =>
    post(
      client,
      'createLoan',
      VENDOR_PATHS.loanCreation,
      request,
      Type.Object({ loanAccountNumber: Text, status: Text, sanctionedAmount: Type.Number({ minimum: 0 }) }),
      { idempotent: false, idempotencyKey: `loan:${request.reference}` },
    ),
  // Not keyed: a deviation sent twice would be recorded twice, so it is never retried.
  recordDeviation: (request) =>
    post(client, 'recordDeviation', VENDOR_PATHS.deviation, request, Type.Object({ deviationId: Text, status: Text }), {
      idempotent: false,
    }),
});

export const httpEmployeeDirectory = (client: VendorClient): EmployeeDirectoryAdapter => ({
  search: async (query) => {
    const schema = Type.Object({
      employees: Type.Array(
        Type.Object({ employeeId: Text, name: Text, designation: Text, branch: Text }, { additionalProperties: false }),
        { maxItems: 20 },
      ),
    });
    const { value, exchange } = await post(client, 'search', VENDOR_PATHS.employeeSearch, { query }, schema);
    return { value: value.employees, exchange };
  },
});

export const httpPmay = (client: VendorClient): PmayAdapter => ({
  form: async (request) => {
    const schema = Type.Object({
      fileName: Type.String({ pattern: '^[A-Za-z0-9._-]{1,120}\\.pdf$' }),
      contentBase64: Type.String({ minLength: 8, maxLength: 10_000_000, pattern: '^[A-Za-z0-9+/]+=*$' }),
    });
    const parse = (answer: unknown) => {
      const data = dataOf(schema)(answer);
      const pdf = Buffer.from(data.contentBase64, 'base64');
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('contentBase64: is not a PDF');
      return { fileName: data.fileName, pdf };
    };
    const { value, exchange } = await client.call({
      operation: 'form',
      method: 'POST',
      path: VENDOR_PATHS.pmay,
      body: request,
      parse,
      idempotent: true,
    });
    // The audit keeps the document's name and size, not its bytes.
    return { value, exchange: { ...exchange, answer: { fileName: value.fileName, bytes: value.pdf.length } } };
  },
});
