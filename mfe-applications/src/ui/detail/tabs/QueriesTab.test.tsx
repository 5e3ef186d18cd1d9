import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useFieldLabels } from '../../../api/useDetail';
import { taskConfigs } from '../../../test/fixtures';
import { QueriesTab } from './QueriesTab';

jest.mock('../../../api/useDetail', () => ({
  useQueries: () => ({ data: [], error: null }),
  useQueryDetails: () => ({ data: undefined, error: null }),
  useReported: () => undefined,
  useDetailMutation: () => ({ mutate: jest.fn(), isPending: false }),
  useFieldLabels: jest.fn(),
}));
const labels = useFieldLabels as jest.MockedFunction<typeof useFieldLabels>;
const loaded = (data?: Map<string, string>) => ({ data }) as ReturnType<typeof useFieldLabels>;

const CONFIGS = taskConfigs({ application_id: 'HL-2026-600002' });

test("'Ask the applicant' offers the flow's fields by label as soon as they arrive, even with the dialog open", () => {
  labels.mockReturnValue(loaded());
  const view = render(<QueriesTab configs={CONFIGS} />);
  fireEvent.click(screen.getByRole('button', { name: 'Ask the applicant' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask the applicant' });
  expect(within(dialog).getByRole('textbox', { name: 'Field keys asked for (comma separated)' })).toBeTruthy();

  labels.mockReturnValue(loaded(new Map([['id_proof', 'Proof of identity']])));
  act(() => view.rerender(<QueriesTab configs={CONFIGS} />));
  const open = screen.getByRole('dialog', { name: 'Ask the applicant' });
  expect(within(open).getByRole('combobox', { name: 'Fields asked for' })).toBeTruthy();
  expect(within(open).queryByRole('textbox', { name: 'Field keys asked for (comma separated)' })).toBeNull();
});
