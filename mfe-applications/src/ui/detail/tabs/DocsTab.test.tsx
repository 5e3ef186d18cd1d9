import { MAX_FILE_SIZE_BYTES, type StaffDocument } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { detailApi } from '../../../api/detail';
import { replacedDocument } from '../../../test/fixtures';
import { DocsTab } from './DocsTab';

jest.mock('../../../api/detail', () => ({
  detailApi: {
    documents: jest.fn(),
    replaceDocument: jest.fn(),
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
