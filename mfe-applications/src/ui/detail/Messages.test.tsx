import type { MessageLogEntry, StaffDocument, TemplateSummary, TemplateVersion } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { detailApi } from '../../api/detail';
import { templatesApi } from '../../api/templates';
import { MessagesSection } from './Messages';

jest.mock('../../api/templates', () => ({
  templatesApi: {
    list: jest.fn(),
    version: jest.fn(),
    preview: jest.fn(),
    send: jest.fn(),
    generatePdf: jest.fn(),
    messages: jest.fn(),
  },
}));
jest.mock('../../api/detail', () => ({ detailApi: { documents: jest.fn(), worklogs: jest.fn(async () => []) } }));
const api = jest.mocked(templatesApi);
const docs = jest.mocked(detailApi.documents);

const summary = (over: Partial<TemplateSummary>): TemplateSummary => ({
  template_id: 'SANCTIONED',
  template_name: 'Sanctioned',
  template_type: 'EMAIL',
  verNum: 2,
  subject: 'Your loan is sanctioned',
  events: ['SANCTIONED'],
  languages: [],
  createdBy: 'USR-ADMIN',
  createdAt: '2026-12-01T09:00:00.000Z',
  current: true,
  ...over,
});

const logEntry = (over: Partial<MessageLogEntry>): MessageLogEntry => ({
  messageId: 'MSG-1',
  channel: 'EMAIL',
  kind: 'TEMPLATE',
  to: 'asha@example.in',
  subject: 'Your loan is sanctioned',
  template: { template_id: 'SANCTIONED', template_name: 'Sanctioned', verNum: 2 },
  status: 'SENT',
  attempts: 1,
  lastError: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  sentAt: '2026-12-01T09:00:02.000Z',
  createdBy: 'officer',
  attachments: [{ fileId: 'F-1', fileName: 'sanction-letter.pdf' }],
  ...over,
});

const document = (fileId: string, fileName: string): StaffDocument =>
  ({ fileId, fileName, version: 1, versions: [] }) as unknown as StaffDocument;

function mount(canGenerate: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MessagesSection applicationId="PL-2026-000131" canGenerate={canGenerate} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  api.messages.mockResolvedValue([]);
  docs.mockResolvedValue([document('F-1', 'sanction-letter.pdf'), document('F-2', 'kfs.pdf')]);
});

it('lists the delivery log: status chips, the reason of a failure, the attachments', async () => {
  api.messages.mockResolvedValue([
    logEntry({}),
    logEntry({
      messageId: 'MSG-2',
      channel: 'SMS',
      to: '+919800000001',
      subject: null,
      status: 'FAILED',
      attempts: 6,
      lastError: 'gateway answered 500',
      sentAt: null,
      attachments: [],
    }),
  ]);
  mount(false);
  const log = await screen.findByRole('table', { name: 'Delivery log' });
  const rows = within(log).getAllByTestId('message-row');
  expect(rows).toHaveLength(2);
  expect(within(rows[0] as HTMLElement).getByText('Sent')).toBeTruthy();
  expect(within(rows[0] as HTMLElement).getByText('sanction-letter.pdf')).toBeTruthy();
  expect(within(rows[0] as HTMLElement).getByText('E-mail · Sanctioned v2 · Sent by staff')).toBeTruthy();
  expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeTruthy();
  expect(within(rows[1] as HTMLElement).getByText('Failed after 6 attempts: gateway answered 500')).toBeTruthy();
  // The recipient shows whole: an address or a mobile number is never broken.
  expect(getComputedStyle(within(rows[0] as HTMLElement).getByText('asha@example.in')).whiteSpace).toBe('nowrap');
  expect(getComputedStyle(within(rows[1] as HTMLElement).getByText('+919800000001')).whiteSpace).toBe('nowrap');
  expect(api.messages).toHaveBeenCalledWith('PL-2026-000131');
  // Staff who may not write documents send messages but generate no letter.
  expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Generate letter' })).toBeNull();
});

it('sends an e-mail template after showing it rendered, with the documents ticked', async () => {
  api.list.mockResolvedValue([
    summary({}),
    summary({ verNum: 1, current: false }),
    summary({ template_id: 'SANCTION_LETTER', template_name: 'Sanction letter', template_type: 'PDF', subject: null }),
  ]);
  api.version.mockResolvedValue({ ...summary({}), body: '<p>Dear {{applicant.name}}</p>', translations: {} });
  api.preview.mockResolvedValue({
    kind: 'message',
    rendered: {
      subject: 'Your loan is sanctioned',
      text: 'Dear Asha Rao',
      html: '<p>Dear Asha Rao</p>',
      smsSegments: null,
    },
  });
  api.send.mockResolvedValue({ messageId: 'MSG-9' });
  mount(true);
  expect(await screen.findByText('No message has been sent for this application yet.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  const dialog = screen.getByRole('dialog', { name: 'Send a message to the applicant' });
  expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Template' }));
  const options = await screen.findAllByRole('option');
  // Only messages, each template once at its current version.
  expect(options.map((o) => o.textContent)).toEqual(['Sanctioned (E-mail, version 2)']);
  fireEvent.click(options[0] as HTMLElement);
  const frame = await within(dialog).findByTitle('Sanctioned for application PL-2026-000131', {}, { timeout: 3000 });
  expect(frame.getAttribute('sandbox')).toBe('');
  expect(frame.getAttribute('srcdoc')).toBe('<p>Dear Asha Rao</p>');
  expect(within(dialog).getByTestId('preview-subject').textContent).toBe('Your loan is sanctioned');
  expect(api.version).toHaveBeenCalledWith('SANCTIONED', 2);
  expect(api.preview).toHaveBeenCalledWith({
    applicationId: 'PL-2026-000131',
    template_type: 'EMAIL',
    subject: 'Your loan is sanctioned',
    body: '<p>Dear {{applicant.name}}</p>',
  });
  fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'kfs.pdf (version 1)' }));
  // The log shows the message once it is sent.
  api.messages.mockResolvedValue([logEntry({ status: 'QUEUED', sentAt: null, attachments: [] })]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.send.mock.calls[0]?.[0]).toEqual({
    applicationId: 'PL-2026-000131',
    template_id: 'SANCTIONED',
    verNum: 2,
    attachments: ['F-2'],
  });
  expect(await screen.findByText('Queued')).toBeTruthy();
});

it('generates a letter from a PDF template and says where it is in Docs', async () => {
  api.list.mockResolvedValue([
    summary({ template_id: 'SANCTION_LETTER', template_name: 'Sanction letter', template_type: 'PDF', subject: null }),
  ]);
  const letter: TemplateVersion = {
    ...summary({
      template_id: 'SANCTION_LETTER',
      template_name: 'Sanction letter',
      template_type: 'PDF',
      subject: null,
    }),
    body: '# Sanction letter',
    translations: {},
  };
  api.version.mockResolvedValue(letter);
  api.preview.mockResolvedValue({ kind: 'pdf', pdf: new Blob(['%PDF'], { type: 'application/pdf' }) });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:letter'), revokeObjectURL: jest.fn() });
  api.generatePdf.mockResolvedValue({ fileId: 'F-7', version: 2, fileName: 'SANCTION_LETTER.pdf', pageCount: 1 });
  mount(true);
  fireEvent.click(screen.getByRole('button', { name: 'Generate letter' }));
  const dialog = screen.getByRole('dialog', { name: 'Generate a letter' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Template' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Sanction letter (PDF letter, version 2)' }));
  const frame = await within(dialog).findByTitle(
    'Sanction letter for application PL-2026-000131',
    {},
    { timeout: 3000 },
  );
  expect(frame.getAttribute('src')).toBe('blob:letter');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
  expect((await within(dialog).findByTestId('letter-generated')).textContent).toBe(
    'SANCTION_LETTER.pdf stored in Docs as version 2.',
  );
  expect(api.generatePdf).toHaveBeenCalledWith({
    applicationId: 'PL-2026-000131',
    template_id: 'SANCTION_LETTER',
    verNum: 2,
  });
});
