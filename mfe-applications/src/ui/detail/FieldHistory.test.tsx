import type { Audit } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { detailApi } from '../../api/detail';
import { fetchFieldLabels } from '../../api/fieldLabels';
import { application } from '../../test/fixtures';
import { FieldHistory } from './FieldHistory';

jest.mock('../../api/detail', () => ({ detailApi: { audits: jest.fn(), record: jest.fn() } }));
jest.mock('../../api/fieldLabels', () => ({
  ...jest.requireActual('../../api/fieldLabels'),
  fetchFieldLabels: jest.fn(),
}));
const audits = jest.mocked(detailApi.audits);
const record = jest.mocked(detailApi.record);
const labels = fetchFieldLabels as jest.Mock;

const audit = (id: string, fieldKey: string, oldValue: unknown, newValue: unknown): Audit => ({
  id,
  fieldKey,
  oldValue,
  newValue,
  userId: 'USR-1001',
  userName: 'Rahul Verma',
  source: 'staff',
  createdAt: '2026-11-23T10:11:12+05:30',
});

it('names fields by their flow labels (key beside), lists them by label, and shows one field’s changes', async () => {
  audits.mockImplementation(async (_id: string, fieldKey?: string) =>
    fieldKey === 'full_name'
      ? [audit('1', 'full_name', 'Ananya Kulkarni', 'Ananya S Kulkarni')]
      : [
          audit('1', 'full_name', 'Ananya Kulkarni', 'Ananya S Kulkarni'),
          audit('2', 'marital_status', null, 'single'),
          audit('3', 'task.TSK-1.assignedTo', null, 'USR-1001'),
        ],
  );
  record.mockResolvedValue(application({ application_id: 'HL-1', flowId: 'home_loan', verNum: 241 }));
  labels.mockResolvedValue(
    new Map([
      ['marital_status', 'Marital status'],
      ['full_name', 'Full name'],
    ]),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FieldHistory applicationId="HL-1" />
    </QueryClientProvider>,
  );
  const table = await screen.findByRole('table', { name: 'Changes' });
  expect(within(table).getByText('— → single')).toBeTruthy();
  await within(table).findByText('Marital status');
  expect(within(table).getByText('marital_status')).toBeTruthy();
  // A key no component names stays the key.
  expect(within(table).getByText('task.TSK-1.assignedTo')).toBeTruthy();
  expect(labels).toHaveBeenCalledWith('home_loan', 241);

  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Field' }));
  const options = within(await screen.findByRole('listbox')).getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    'All fields',
    'Full namefull_name',
    'Marital statusmarital_status',
    'task.TSK-1.assignedTo',
  ]);
  fireEvent.click(options[1] as HTMLElement);
  await screen.findByText('Ananya Kulkarni → Ananya S Kulkarni');
  await waitFor(() => expect(screen.queryByText('— → single')).toBeNull());
  expect(screen.getByText('23/11/2026 10:11:12 IST')).toBeTruthy();
  expect(audits).toHaveBeenLastCalledWith('HL-1', 'full_name');
});
