import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { type Audit, detailApi } from './api';
import { FieldHistory } from './FieldHistory';

jest.mock('./api', () => ({ detailApi: { audits: jest.fn() } }));
const audits = detailApi.audits as jest.Mock;
// MUI's Select and table render in a few seconds on a busy two-core machine.
jest.setTimeout(30_000);

const audit = (id: string, fieldKey: string, oldValue: unknown, newValue: unknown): Audit => ({
  id,
  fieldKey,
  oldValue,
  newValue,
  userId: 'USR-1001',
  userName: 'Rahul Verma',
  source: 'staff',
  createdAt: '2026-11-23T10:11:12',
});

it('lists every change, then one field’s changes through getAudits with its fieldKey', async () => {
  audits.mockImplementation(async (_id: string, fieldKey?: string) =>
    fieldKey === 'full_name'
      ? [audit('1', 'full_name', 'Ananya Kulkarni', 'Ananya S Kulkarni')]
      : [audit('1', 'full_name', 'Ananya Kulkarni', 'Ananya S Kulkarni'), audit('2', 'marital_status', null, 'single')],
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FieldHistory applicationId="HL-1" />
    </QueryClientProvider>,
  );
  const table = await screen.findByRole('table', { name: 'Changes' });
  expect(within(table).getByText('— → single')).toBeTruthy();
  fireEvent.change(screen.getByRole('combobox', { name: 'Field' }), { target: { value: 'full_name' } });
  await screen.findByText('Ananya Kulkarni → Ananya S Kulkarni');
  expect(screen.queryByText('— → single')).toBeNull();
  expect(screen.getByText('23/11/2026 10:11:12')).toBeTruthy();
  expect(audits).toHaveBeenLastCalledWith('HL-1', 'full_name');
});
