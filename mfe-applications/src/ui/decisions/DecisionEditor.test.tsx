import { ApiError, type DecisionConfigAnswer, type DecisionTableName } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { saveDecision } from '../../api/decisions';
import { DecisionEditor } from './DecisionEditor';

jest.mock('../../api/decisions', () => ({ saveDecision: jest.fn() }));
const save = saveDecision as jest.MockedFunction<typeof saveDecision>;

const table = (id: string, output: string) => ({
  hitPolicy: 'collect' as const,
  inputs: [{ id: 'foir', name: 'FOIR %', field: 'foirPercent' }],
  outputs: [{ id: output, name: 'Reason', field: 'reason' }],
  rules: [{ _id: id, foir: '> 60', [output]: '"FOIR above 60%"' }],
});

const initial: DecisionConfigAnswer = {
  product: 'HL',
  name: 'credit',
  verNum: 4,
  createdBy: 'USR-1004',
  createdAt: '2026-12-01T10:00:00.000Z',
  versions: [4, 3, 2, 1],
  document: {
    fields: { monthlyIncome: 'monthly_income', tenureYears: 'tenure_years' },
    foirCapPercent: 50,
    pricing: {
      hitPolicy: 'first',
      inputs: [{ id: 'score', name: 'Bureau score', field: 'bureau.score' }],
      outputs: [
        { id: 'grade', name: 'Risk grade', field: 'riskGrade' },
        { id: 'rate', name: 'Rate % a year', field: 'annualRatePercent' },
      ],
      rules: [
        { _id: 'band-1', score: '>= 800', grade: '"A"', rate: '8.4' },
        { _id: 'band-2', score: '[750..800)', grade: '"B"', rate: '8.9' },
      ],
    },
    eligibility: table('foir', 'reason'),
    deviations: table('foir-dev', 'reason'),
  },
};

/** The editor with the table choice kept as the page keeps it. */
function Editor({ onSaved }: { onSaved: (saved: DecisionConfigAnswer) => void }) {
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

function renderEditor(onSaved = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Editor onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const status = () => screen.getByTestId('decision-status').textContent;
const cell = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => jest.clearAllMocks());

it('names a bad cell by row and column under it, and saves the fixed table as the next version', async () => {
  const onSaved = renderEditor();
  expect(screen.getByText(/^Version 4 · saved .* by Meera Krishnan$/)).toBeTruthy();
  expect(status()).toBe('No changes');

  fireEvent.change(cell('Row 2 (band-2), Bureau score'), { target: { value: '[750..' } });
  expect(screen.getByText('Row 2 (band-2), Bureau score: it ends where a value should follow')).toBeTruthy();
  expect(status()).toBe('1 problem to fix before saving');
  expect((screen.getByRole('button', { name: 'Save…' }) as HTMLButtonElement).disabled).toBe(true);

  fireEvent.change(cell('Row 2 (band-2), Bureau score'), { target: { value: '[740..800)' } });
  expect(status()).toBe('Pricing: 1 row changed: not saved');
  const saved = { ...initial, verNum: 5 };
  save.mockResolvedValue(saved);
  fireEvent.click(screen.getByRole('button', { name: 'Save…' }));
  const dialog = screen.getByRole('dialog', { name: 'Save the HL decision tables as version 5?' });
  expect(within(dialog).getByText(/Applications decided from now on use version 5\./)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save as version 5' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  const [product, body] = save.mock.calls[0] ?? [];
  expect(product).toBe('HL');
  expect(body?.verNum).toBe(4);
  expect(body?.document.pricing.rules[1]?.score).toBe('[740..800)');
});

it("shows the server's refusal under the cell it names", async () => {
  renderEditor();
  fireEvent.change(cell('Row 1 (band-1), Rate % a year'), { target: { value: '9' } });
  save.mockRejectedValue(
    new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'document.pricing.rules[0].rate', reason: 'is not an expression the engine reads: 9' }],
    }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save…' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 5' }));
  await waitFor(() => expect(screen.getByText('is not an expression the engine reads: 9')).toBeTruthy());
  expect(status()).toBe('1 problem to fix before saving');
  // An edit drops what the server said about the earlier table.
  fireEvent.change(cell('Row 1 (band-1), Rate % a year'), { target: { value: '9.1' } });
  expect(status()).toBe('Pricing: 1 row changed: not saved');
});

it('adds, moves and removes rows', () => {
  renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Add a row after row 2' }));
  expect(status()).toBe('2 problems to fix before saving');
  expect(screen.getByText('Row 3 (rule-3), Risk grade: an output needs a value')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Remove row 3 (rule-3)' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move row 2 down' }));
  expect(status()).toBe('No changes');
  fireEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
  expect((cell('Row 1 (band-2), Bureau score') as HTMLInputElement).value).toBe('[750..800)');
  expect(status()).toBe('Pricing: 2 rows changed: not saved');
});

const openColumns = () => fireEvent.click(screen.getByRole('button', { name: /^Columns of the Pricing table/ }));
const pick = (combobox: string, option: RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

it('adds an input column reading a figure the tables read, and saves a condition set in it', async () => {
  const onSaved = renderEditor();
  openColumns();
  const add = screen.getByRole('button', { name: 'Add input column' }) as HTMLButtonElement;
  expect(add.disabled).toBe(true);
  pick('New input reads', /^Age\s*applicant\.age$/);
  // The label follows the pick until typed over.
  expect((screen.getByRole('textbox', { name: 'New input label' }) as HTMLInputElement).value).toBe('Age');
  fireEvent.change(screen.getByRole('textbox', { name: 'New input label' }), { target: { value: 'Bureau score' } });
  expect(screen.getByText('Another column has this label')).toBeTruthy();
  expect(add.disabled).toBe(true);
  fireEvent.change(screen.getByRole('textbox', { name: 'New input label' }), { target: { value: 'Applicant age' } });
  fireEvent.click(add);
  expect((screen.getByRole('textbox', { name: 'Input 2 label' }) as HTMLInputElement).value).toBe('Applicant age');
  expect(status()).toBe('Pricing: input Applicant age (applicant.age) added: not saved');

  fireEvent.change(cell('Row 1 (band-1), Applicant age'), { target: { value: '>= 21' } });
  expect(status()).toBe('Pricing: input Applicant age (applicant.age) added, 1 row changed: not saved');
  save.mockResolvedValue({ ...initial, verNum: 5 });
  fireEvent.click(screen.getByRole('button', { name: 'Save…' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 5' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const pricing = save.mock.calls[0]?.[1].document.pricing;
  expect(pricing?.inputs[1]).toEqual({ id: 'input2', name: 'Applicant age', field: 'applicant.age' });
  expect(pricing?.rules[0]).toEqual({ _id: 'band-1', score: '>= 800', grade: '"A"', rate: '8.4', input2: '>= 21' });
});

it('renames and repoints an input, and removes one only after asking when a row has a condition in it', () => {
  renderEditor();
  openColumns();
  fireEvent.change(screen.getByRole('textbox', { name: 'Input 1 label' }), { target: { value: '' } });
  expect(screen.getByText('Input 1 needs a label: it heads the column')).toBeTruthy();
  expect(status()).toBe('1 problem to fix before saving');
  fireEvent.change(screen.getByRole('textbox', { name: 'Input 1 label' }), { target: { value: 'Score' } });
  pick('Input 1 reads', /^Enquiries in 6 months/);
  expect(status()).toBe(
    'Pricing: Bureau score renamed Score, Score reads bureau.enquiries6m, was bureau.score: not saved',
  );
  expect(cell('Row 2 (band-2), Score')).toBeTruthy();

  pick('New input reads', /^Cheque bounces/);
  fireEvent.click(screen.getByRole('button', { name: 'Add input column' }));
  // The new column is empty in every row: removed at once.
  fireEvent.click(screen.getByRole('button', { name: 'Remove input 2 (Cheque bounces)' }));
  expect(screen.queryByRole('textbox', { name: 'Input 2 label' })).toBeNull();
  expect((screen.getByRole('button', { name: 'Remove input 1 (Score)' }) as HTMLButtonElement).disabled).toBe(true);

  pick('New input reads', /^Age/);
  fireEvent.click(screen.getByRole('button', { name: 'Add input column' }));
  fireEvent.click(screen.getByRole('button', { name: 'Move input 2 up' }));
  expect((screen.getByRole('textbox', { name: 'Input 1 label' }) as HTMLInputElement).value).toBe('Age');
  // Score has a condition in both rows: asked first, and kept on Cancel.
  fireEvent.click(screen.getByRole('button', { name: 'Remove input 2 (Score)' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove the input Score?' });
  expect(dialog.textContent).toContain('2 rows have conditions in this column (band-1, band-2)');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(cell('Row 1 (band-1), Score')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Remove input 2 (Score)' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove the input and its conditions' }));
  expect(screen.queryByRole('textbox', { name: 'Row 1 (band-1), Score' })).toBeNull();
  expect(status()).toBe(
    'Pricing: input Bureau score removed, input Age (applicant.age) added, 2 rows changed: not saved',
  );
});

it('renames an output, but neither removes it nor changes what it reads', () => {
  renderEditor();
  openColumns();
  expect((screen.getByRole('textbox', { name: 'Output 1 reads' }) as HTMLInputElement).disabled).toBe(true);
  expect(screen.getAllByText('Required by the decision: cannot change')).toHaveLength(2);
  expect((screen.getByRole('button', { name: 'Remove output 1 (Risk grade)' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Output 1 label' }), { target: { value: 'Grade' } });
  expect(cell('Row 1 (band-1), Grade')).toBeTruthy();
  expect(status()).toBe('Pricing: Risk grade renamed Grade: not saved');
});

it("shows the server's refusal of a column at it, opening the columns", async () => {
  renderEditor();
  fireEvent.change(cell('Row 1 (band-1), Rate % a year'), { target: { value: '9' } });
  save.mockRejectedValue(
    new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [
        { label: 'document.pricing.inputs[0].field', reason: 'bureau.score is not an input the tables can read' },
      ],
    }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save…' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save as version 5' }));
  await waitFor(() => expect(screen.getByText('bureau.score is not an input the tables can read')).toBeTruthy());
  expect(screen.getByRole('combobox', { name: 'Input 1 reads' })).toBeTruthy();
});
