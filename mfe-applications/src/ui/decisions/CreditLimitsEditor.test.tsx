import { ApiError, type DecisionConfigAnswer, type DecisionTableName } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { saveDecision } from '../../api/decisions';
import { DecisionEditor } from './DecisionEditor';

jest.mock('../../api/decisions', () => ({ saveDecision: jest.fn() }));
const save = saveDecision as jest.MockedFunction<typeof saveDecision>;

const table = (id: string) => ({
  hitPolicy: 'collect' as const,
  inputs: [{ id: 'foir', name: 'FOIR %', field: 'foirPercent' }],
  outputs: [{ id: 'reason', name: 'Reason', field: 'reason' }],
  rules: [{ _id: id, foir: '> 60', reason: '"FOIR above 60%"' }],
});

const withCaps: DecisionConfigAnswer = {
  product: 'HL',
  name: 'credit',
  verNum: 4,
  createdBy: 'USR-1004',
  createdAt: '2026-12-01T10:00:00.000Z',
  versions: [4, 3, 2, 1],
  document: {
    fields: { monthlyIncome: 'monthly_income', tenureYears: 'tenure_years' },
    foirCapPercent: 50,
    ltvCaps: [
      { upToAmount: 3_000_000, maxPercent: 90 },
      { upToAmount: 7_500_000, maxPercent: 80 },
      { upToAmount: null, maxPercent: 75 },
    ],
    pricing: table('p'),
    eligibility: table('e'),
    deviations: table('d'),
  },
};
const { ltvCaps: _none, ...withoutCaps } = withCaps.document;

function Editor({
  initial,
  onSaved,
}: {
  initial: DecisionConfigAnswer;
  onSaved: (saved: DecisionConfigAnswer) => void;
}) {
  const [tableName, setTableName] = useState<DecisionTableName>('pricing');
  return (
    <DecisionEditor
      initial={initial}
      savedBy="Meera Krishnan"
      readOnlyNote={null}
      tableName={tableName}
      onTable={setTableName}
      onSaved={onSaved}
    />
  );
}

function renderEditor(initial = withCaps, onSaved = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Editor initial={initial} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const status = () => screen.getByTestId('decision-status').textContent;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save…' }) as HTMLButtonElement;

afterEach(() => jest.clearAllMocks());

it('shows the FOIR cap and the bands, and saves the edited caps as the next version', async () => {
  const onSaved = renderEditor();
  expect(field('FOIR cap %').value).toBe('50');
  expect(screen.getByText('Loans up to ₹30,00,000.00')).toBeTruthy();
  expect(field('Band 3 loans up to ₹').value).toBe('');
  expect(screen.getByText('Any larger amount')).toBeTruthy();

  fireEvent.change(field('FOIR cap %'), { target: { value: '55' } });
  fireEvent.change(field('Band 2 max LTV %'), { target: { value: '78' } });
  expect(status()).toContain('FOIR cap 50% → 55%');
  save.mockResolvedValue({ ...withCaps, verNum: 5 });
  fireEvent.click(saveButton());
  fireEvent.click(
    within(screen.getByRole('dialog', { name: 'Save the HL decision tables as version 5?' })).getByRole('button', {
      name: 'Save as version 5',
    }),
  );
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const body = save.mock.calls[0]?.[1];
  expect(body?.verNum).toBe(4);
  expect(body?.document.foirCapPercent).toBe(55);
  expect(body?.document.ltvCaps).toEqual([
    { upToAmount: 3_000_000, maxPercent: 90 },
    { upToAmount: 7_500_000, maxPercent: 78 },
    { upToAmount: null, maxPercent: 75 },
  ]);
});

it('names a band whose amount does not rise and blocks the save until it is fixed', () => {
  renderEditor();
  fireEvent.change(field('Band 2 loans up to ₹'), { target: { value: '2500000' } });
  expect(
    screen.getByText("Band 2: the amount must be above band 1's ₹30,00,000.00: bands rise by amount"),
  ).toBeTruthy();
  expect(status()).toBe('1 problem to fix before saving');
  expect(saveButton().disabled).toBe(true);

  fireEvent.change(field('Band 2 loans up to ₹'), { target: { value: '' } });
  expect(
    screen.getByText('Band 2: only the last band may be open-ended: give it the amount it goes up to'),
  ).toBeTruthy();
  fireEvent.change(field('FOIR cap %'), { target: { value: '120' } });
  expect(screen.getByText('The FOIR cap must be from 0 to 100%')).toBeTruthy();
  expect(status()).toBe('2 problems to fix before saving');

  fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
  expect(field('FOIR cap %').value).toBe('50');
  expect(field('Band 2 loans up to ₹').value).toBe('7500000');
  expect(status()).toBe('No changes');
});

it('says a product without bands has no LTV caps, adds one and removes it again', async () => {
  const onSaved = renderEditor({ ...withCaps, document: withoutCaps });
  expect(screen.getByTestId('no-ltv-caps').textContent).toMatch(/^No LTV caps/);
  fireEvent.click(screen.getByRole('button', { name: 'Add a band' }));
  expect(field('Band 1 max LTV %').value).toBe('75');
  fireEvent.click(screen.getByRole('button', { name: 'Add a band' }));
  // The new band goes before the open-ended one and needs its amount.
  expect(screen.getByText(/^Band 1: only the last band may be open-ended/)).toBeTruthy();
  fireEvent.change(field('Band 1 loans up to ₹'), { target: { value: '3000000' } });
  fireEvent.change(field('Band 1 max LTV %'), { target: { value: '90' } });
  expect(status()).toBe('LTV caps none → up to ₹30,00,000 (30 lakh) 90%, above 75%: not saved');

  save.mockResolvedValue({ ...withCaps, verNum: 5 });
  fireEvent.click(saveButton());
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 5' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(save.mock.calls[0]?.[1].document.ltvCaps).toEqual([
    { upToAmount: 3_000_000, maxPercent: 90 },
    { upToAmount: null, maxPercent: 75 },
  ]);

  fireEvent.click(screen.getByRole('button', { name: 'Remove band 2' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove band 1' }));
  expect(screen.getByTestId('no-ltv-caps')).toBeTruthy();
});

it("shows the server's refusal of a band under its field", async () => {
  renderEditor();
  fireEvent.change(field('Band 1 max LTV %'), { target: { value: '85' } });
  save.mockRejectedValue(
    new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'document.ltvCaps[0].maxPercent', reason: 'must be from 0 to 100' }],
    }),
  );
  fireEvent.click(saveButton());
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 5' }));
  await waitFor(() => expect(within(screen.getByTestId('band-1')).getByText('must be from 0 to 100')).toBeTruthy());
  expect(status()).toBe('1 problem to fix before saving');
});
