// What an applicant does in the customer-flow portal (mfe-customer-flow), standalone or inside the
// shell, and the server-side facts a test checks afterwards (the OTP outbox, the stored application).
import { crc32, deflateSync } from 'node:zlib';
import { API_PATHS, apiPath, type FlowApplication, type LoginResponse, type OutboxMessage } from '@originate/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiGet, apiLogin } from './api';
import { E2E_PORTS, SHELL } from './system-under-test';
import { SESSION_KEY } from './ui';

/** The applicants' own origin (standalone portal). */
const PORTAL = `http://127.0.0.1:${E2E_PORTS.MFE_CUSTOMER_FLOW_PORT}`;
/** Where an applicant can start: the portal itself, or the same routes inside the shell. */
export const ORIGINS = { standalone: PORTAL, shell: SHELL } as const;

/** Spec §5, exactly. */
export const MANDATORY_FIELDS_MESSAGE = 'Please fill all mandatory fields';

/** 'DD/MM/YYYY' of today plus `days` (the browser runs on this machine, in its time zone). */
export function dateFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** The step's heading (sub-section name; joint steps add '(co-applicant 1)'). */
export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });

export const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** The ALTCHA widget before a captcha product's first step: ticked, it solves its proof of work in the page. */
async function solveCaptcha(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  // The widget draws its tick over the checkbox; its label is what a person clicks.
  await page.getByText("I'm not a robot", { exact: true }).click();
}

/** Opens the home loan at an origin and passes the captcha: the first step shows. */
export async function startHomeLoan(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/newapplication`);
  await page.getByRole('button', { name: 'Apply for Home Loan' }).click();
  await solveCaptcha(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home Loan Application' })).toBeVisible();
  await expect(stepHeading(page, 'Loan details')).toBeVisible();
}

/**
 * Next with the mouse, and the named step opens (its save done). A click is lost when the page moves
 * between its press and release; three such moves were found and removed: the blur of the last field
 * re-rendering the form (a blur now waits for the press to end, portal/pointerRelease.ts), the smooth
 * scroll to a new step's top (now at once), and a full-page screenshot's scroll (support/ui.ts puts it
 * back). Refusals use the keyboard path (expectNextRefused), so both are exercised.
 */
export async function next(page: Page, expectedStep: string): Promise<void> {
  await button(page, 'Next').click();
  await expect(stepHeading(page, expectedStep)).toBeVisible();
}

/** The id the server gave the application, as the page shows it after the first save. */
export async function applicationIdOnPage(page: Page): Promise<string> {
  const line = page.getByText(/^Application [A-Z]+-\d{4}-\d+$/);
  await expect(line).toBeVisible();
  return ((await line.textContent()) ?? '').replace('Application ', '');
}

/** A date typed as an applicant on a phone would: its digits only (the field puts in the separators). */
export async function fillDate(page: Page | Locator, label: string, ddmmyyyy: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill('');
  await input.pressSequentially(ddmmyyyy.replace(/\//g, ''));
  await expect(input).toHaveValue(ddmmyyyy);
}

/** A portal dropdown is the browser's own select. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.selectOption({ label: option });
  await expect(select.locator('option:checked')).toHaveText(option);
}

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** One PNG chunk (length, type, data, CRC): the pieces a test writes a real image from. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 16×16 RGB PNG (signature, IHDR, deflated IDAT, IEND). */
export function pngFile(name: string): FilePayload {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(x * 16, y * 16, 128);
  }
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A real one-page PDF with a correct cross-reference table. */
export function pdfFile(name: string): FilePayload {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text);
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(text) };
}

/** A labelled field box (upload hub, OTP, signature). */
export const fieldGroup = (page: Page, label: string) => page.getByRole('group', { name: label });

/** Chooses a file for an upload field; the server's answer lists it. */
export async function uploadFile(page: Page, label: string, file: FilePayload): Promise<void> {
  const hub = fieldGroup(page, label);
  await hub.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByRole('list', { name: `${label}: uploaded files` }).getByText(file.name)).toBeVisible();
}

/** Draws a stroke on the signature canvas with the mouse and saves it. */
export async function drawSignature(page: Page, label = 'Signature'): Promise<void> {
  const group = fieldGroup(page, label);
  const canvas = group.getByRole('img', { name: `${label}: signature drawing area` });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature canvas is not on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 30 + i * 20, y + (i % 2 === 0 ? -25 : 25), { steps: 3 });
  }
  await page.mouse.up();
  await button(group, 'Save signature').click();
  await expect(group.getByRole('status').filter({ hasText: 'Signature saved' })).toBeVisible();
}

let developer: LoginResponse | null = null;

/** The newest code sent to a recipient for an application, read from the OTP outbox as 'developer'. */
export async function otpCodeFrom(recipient: string, applicationId: string, after: string): Promise<string> {
  developer ??= await apiLogin('developer', 'Developer@123');
  const session = developer;
  let code = '';
  await expect
    .poll(async () => {
      const messages = await apiGet<OutboxMessage[]>(
        session,
        `${API_PATHS.otpOutbox}?recipient=${encodeURIComponent(recipient)}`,
      );
      const mine = messages.find((m) => m.application_id === applicationId && m.sentAt > after);
      code = /^(\d{6}) /.exec(mine?.message ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Sends the OTP of an OTP field, reads it from the outbox and verifies it. */
export async function verifyOtp(page: Page, label: string, recipient: string, applicationId: string) {
  const group = fieldGroup(page, label);
  const before = new Date(Date.now() - 1000).toISOString();
  await button(group, 'Send OTP').click();
  await expect(button(group, 'Resend OTP')).toBeVisible();
  const code = await otpCodeFrom(recipient, applicationId, before);
  await group.getByRole('textbox', { name: 'One time password' }).fill(code);
  await button(group, 'Verify OTP').click();
  await expect(group.getByRole('status').filter({ hasText: `Verified ${recipient}` })).toBeVisible();
}

/** The applicant session the portal keeps in sessionStorage after the first save. */
export async function applicantSession(page: Page): Promise<LoginResponse> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  if (!raw) throw new Error('no applicant session in sessionStorage');
  return JSON.parse(raw) as LoginResponse;
}

/** The application as the server holds it, read with a session (applicant's own, or staff). */
export const fetchApplication = (session: LoginResponse, applicationId: string) =>
  apiGet<FlowApplication>(session, apiPath('application', { applicationId }));

/** The step's form must refuse Next with the spec's message. */
export async function expectNextRefused(page: Page): Promise<void> {
  await button(page, 'Next').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: MANDATORY_FIELDS_MESSAGE })).toBeVisible();
}

/**
 * Ticks each of the product's consents on its consent step (mock-server README "Consents and the receipt"),
 * waiting for the server to record each: the seeded declaration, credit-bureau, KYC and communication texts.
 */
export async function acceptConsents(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Declaration and consents' });
  const boxes = panel.getByRole('checkbox', { name: /^I have read and accept: / });
  await expect(boxes).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    // click, not check(): the box is the server's state, ticked once the tick is recorded (check() looks at once).
    await boxes.nth(i).click();
    await expect(boxes.nth(i)).toBeChecked();
    await expect(boxes.nth(i)).toBeEnabled();
  }
}

/** Opens the personal loan (no captcha) at an origin: its first step shows. */
export async function startPersonalLoan(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/newapplication?product=PL`);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Loan Application' })).toBeVisible();
  await expect(stepHeading(page, 'Customer type')).toBeVisible();
}

/** The personal loan's first step as a new customer, then Next: the application exists. */
export async function personalLoanFirstStep(page: Page, name = 'Meera Iyer', mobile = '9822012345'): Promise<string> {
  await page.getByRole('radio', { name: 'No, I am new' }).check();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(mobile);
  await next(page, 'Identity (KYC)');
  return applicationIdOnPage(page);
}

/** The current address every seeded flow asks with the applicant's details (its years left at the default 0). */
export async function fillCurrentAddress(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Address line 1', exact: true }).fill('Flat 12, Sai Krupa, 14th Road');
  await page.getByRole('textbox', { name: 'Address line 2', exact: true }).fill('Khar West');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Mumbai');
  await chooseOption(page, 'State', 'Maharashtra');
  await page.getByRole('textbox', { name: 'PIN code', exact: true }).fill('400052');
}

/** A new customer's personal loan from the KYC step to its summary, its consents accepted. */
export async function personalLoanToSummary(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
  await fillDate(page, 'Date of birth', '10/10/1991');
  await uploadFile(page, 'ID proof', pngFile('pan-card.png'));
  await next(page, 'Current address');
  await fillCurrentAddress(page);
  await next(page, 'Loan');
  await page.getByRole('textbox', { name: 'Loan amount', exact: true }).fill('300000');
  await chooseOption(page, 'Purpose', 'Medical');
  await page.getByRole('textbox', { name: 'Monthly income', exact: true }).fill('60000');
  await next(page, 'Video KYC consent');
  await page.getByRole('checkbox', { name: 'I agree to a recorded video KYC call', exact: true }).check();
  await next(page, 'Summary');
  // The summary is the personal loan's consent step: Submit asks for the mandatory consents.
  await acceptConsents(page);
}
