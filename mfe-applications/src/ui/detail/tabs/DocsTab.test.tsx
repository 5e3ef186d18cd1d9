import { type CreditSummaryAnswer, MAX_FILE_SIZE_BYTES, type StaffDocument } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { detailApi } from '../../../api/detail';
import { replacedDocument } from '../../../test/fixtures';
import { DocsTab } from './DocsTab';

jest.mock('../../../api/detail', () => ({
  detailApi: {
    documents: jest.fn(),
    replaceDocument: jest.fn(),
    creditSummary: jest.fn(),
    download: jest.fn(),
    upload: jest.fn(),
    worklogs: jest.fn(async () => []),
  },
}));
const mocked = detailApi as jest.Mocked<typeof detailApi>;

const REPLACED: StaffDocument = {
  fileId: 'f-1',
  fileName: 'pan-v2.pdf',
  fieldKey: 'id_proof',
  mimeType: 'application/pdf',
  size: 2048,
  metadata: { docType: 'PAN' },
  uploadedBy: 'Olive Officer',
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 2,
  updatedAt: '2026-11-21T10:00:00.000Z',
  versions: [
    {
      version: 1,
      fileName: 'pan.png',
      mimeType: 'image/png',
      size: 1024,
      uploadedBy: null,
      uploadedAt: '2026-11-20T10:00:00.000Z',
      replacedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

const SUMMARY: CreditSummaryAnswer = {
  application_id: 'APP-7',
  product_code: 'HL',
  product_name: 'Home loan',
  assembledAt: '2026-12-07T08:35:00.000Z',
  figures: [],
  decision: { outcome: null, deviations: [], missing: 'credit decision not run', source: null },
  documents: {
    items: [
      { fieldKey: 'salary_slips', label: 'Last 3 salary slips', required: true, received: 0, lastReceivedAt: null },
      {
        fieldKey: 'id_proof',
        label: 'PAN card',
        required: true,
        received: 1,
        lastReceivedAt: '2026-11-21T10:00:00.000Z',
      },
      { fieldKey: 'photo', label: 'Photograph', required: false, received: 0, lastReceivedAt: null },
    ],
    requiredMissing: 1,
    source: { kind: 'DOCUMENTS', detail: "The product's upload fields", at: null },
  },
};

function renderTab(canManage: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DocsTab applicationId="APP-7" canManage={canManage} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  mocked.documents.mockResolvedValue([REPLACED]);
  mocked.replaceDocument.mockResolvedValue(replacedDocument());
  mocked.creditSummary.mockResolvedValue(SUMMARY);
  mocked.download.mockResolvedValue(new Blob(['%PDF-1.4'], { type: 'application/octet-stream' }));
  URL.createObjectURL = jest.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = jest.fn();
});

test('the required documents not received come first; staff pick a document type by its name and upload it', async () => {
  mocked.upload.mockResolvedValue({ fileId: 'f-2' } as Awaited<ReturnType<typeof detailApi.upload>>);
  renderTab(true);
  const missing = await screen.findAllByTestId('doc-missing');
  expect(missing.map((m) => m.textContent)).toEqual([expect.stringContaining('Required – not received')]);
  expect(missing[0]?.textContent).toContain('Last 3 salary slips');
  // The uploaded document is named by the product's list, its key beside.
  expect(screen.getByRole('table', { name: 'Documents' }).textContent).toContain('PAN card');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Document type' }));
  const options = within(screen.getByRole('listbox')).getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    'Last 3 salary slips (required)',
    'PAN card (required)',
    'Photograph',
    'Other document…',
  ]);
  fireEvent.click(options[0] as HTMLElement);
  const file = new File(['%PDF-1.7'], 'slips.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText('Document file'), { target: { files: [file] } });
  await waitFor(() => expect(mocked.upload).toHaveBeenCalledWith('APP-7', 'salary_slips', file));
  // A document the list does not name goes up under the name staff give it.
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Document type' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Other document…' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Document name' }), { target: { value: 'Builder NOC' } });
  const noc = new File(['%PDF-1.7'], 'noc.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText('Document file'), { target: { files: [noc] } });
  await waitFor(() => expect(mocked.upload).toHaveBeenCalledWith('APP-7', 'Builder NOC', noc));
});

test('a PDF opens in an inline preview of its downloaded bytes, typed as a PDF by the page', async () => {
  renderTab(false);
  fireEvent.click(await screen.findByRole('button', { name: 'Preview pan-v2.pdf' }));
  const preview = await screen.findByTestId('doc-preview');
  const frame = await within(preview).findByTitle('Preview of pan-v2.pdf');
  expect(frame.getAttribute('src')).toBe('blob:preview-1');
  expect(mocked.download).toHaveBeenCalledWith('f-1');
  const shown = (URL.createObjectURL as jest.Mock).mock.calls[0]?.[0] as Blob;
  expect(shown.type).toBe('application/pdf');
  expect(screen.getByRole('dialog').textContent).toContain('PAN card: pan-v2.pdf');
});

test('a replaced document shows its version and, on demand, its earlier files', async () => {
  renderTab(true);
  const toggle = await screen.findByRole('button', { name: 'Show 1 earlier' });
  expect(screen.getByText('Version 2', { exact: false })).toBeTruthy();
  fireEvent.click(toggle);
  const earlier = screen.getByRole('list', { name: 'Earlier versions of pan-v2.pdf' });
  expect(earlier.textContent).toContain('Version 1: pan.png');
  expect(earlier.textContent).toContain('by the applicant');
  expect(within(earlier).getByRole('button', { name: 'Download version 1 of pan-v2.pdf' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Hide 1 earlier' }));
  expect(screen.queryByRole('list', { name: 'Earlier versions of pan-v2.pdf' })).toBeNull();
});

test('Replace file sends the picked file for that document; one over 30 MB is refused before any call', async () => {
  renderTab(true);
  const input = (await screen.findByLabelText('Replace pan-v2.pdf')) as HTMLInputElement;
  const big = new File(['%PDF-'], 'big.pdf', { type: 'application/pdf' });
  Object.defineProperty(big, 'size', { value: MAX_FILE_SIZE_BYTES + 1 });
  fireEvent.change(input, { target: { files: [big] } });
  expect((await screen.findByRole('alert')).textContent).toContain('big.pdf: The file is larger than 30 MB');
  expect(mocked.replaceDocument).not.toHaveBeenCalled();

  const next = new File(['%PDF-1.7'], 'pan-v3.pdf', { type: 'application/pdf' });
  fireEvent.change(input, { target: { files: [next] } });
  await waitFor(() =>
    expect(mocked.replaceDocument).toHaveBeenCalledWith({ application_id: 'APP-7', fileId: 'f-1' }, next),
  );
  expect(screen.queryByRole('alert')).toBeNull();
});

test('without MANAGE_DOCUMENT the documents are listed with Download only', async () => {
  renderTab(false);
  await screen.findByText('pan-v2.pdf');
  expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  for (const name of ['Metadata', 'Replace file', 'Copy', 'Delete', 'Merge selected']) {
    expect(screen.queryByRole('button', { name })).toBeNull();
  }
  expect(screen.queryByLabelText('Replace pan-v2.pdf')).toBeNull();
  expect(screen.queryByRole('checkbox')).toBeNull();
});
