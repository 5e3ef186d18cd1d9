import type { DecisionDocument, DecisionTable } from '@originate/contract';
import {
  addInput,
  addInputBlock,
  addRow,
  cellName,
  decisionDocumentProblems,
  decisionTableProblems,
  documentChanges,
  inputCellProblem,
  moveInput,
  moveRow,
  newInputId,
  newRowId,
  olderVersionDifference,
  outputCellProblem,
  outputLockReason,
  removeInput,
  removeInputBlock,
  removeRow,
  renameColumn,
  rowsUsing,
  setCell,
  setInputField,
} from './decisionTables';

const pricing: DecisionTable = {
  hitPolicy: 'first',
  inputs: [
    { id: 'bureau', name: 'Bureau report', field: 'bureau.available' },
    { id: 'score', name: 'Bureau score', field: 'bureau.score' },
  ],
  outputs: [
    { id: 'grade', name: 'Risk grade', field: 'riskGrade' },
    { id: 'rate', name: 'Rate % a year', field: 'annualRatePercent' },
  ],
  rules: [
    { _id: 'band-1', bureau: 'true', score: '>= 800', grade: '"A"', rate: '8.4' },
    { _id: 'band-2', bureau: 'true', score: '[750..800)', grade: '"B"', rate: '8.9' },
  ],
};
const other: DecisionTable = {
  hitPolicy: 'collect',
  inputs: [{ id: 'foir', name: 'FOIR %', field: 'foirPercent' }],
  outputs: [{ id: 'reason', name: 'Reason', field: 'reason' }],
  rules: [{ _id: 'foir', foir: '> 60', reason: '"FOIR above 60%"' }],
};
const document: DecisionDocument = {
  fields: { monthlyIncome: 'monthly_income', tenureYears: 'tenure_years' },
  foirCapPercent: 50,
  pricing,
  eligibility: other,
  deviations: other,
};

describe('inputCellProblem: zen-engine unary tests', () => {
  it.each([
    '',
    '   ',
    '>= 800',
    '< 650',
    '== "A"',
    '[750..800)',
    '(50..65]',
    '"SALARIED", "SELF_EMPLOYED"',
    'true',
    'null',
    '$ > 5 and $ < 10',
    'not("X")',
    'startsWith($, "HL")',
    '$ in [1, 2, 3]',
    '$ not in ["A", "B"]',
    '-1',
    '1_000_000',
    'len($) > 3 ? true : false',
  ])('reads %j', (cell) => {
    expect(inputCellProblem(cell)).toBeNull();
  });

  it.each([
    ['>=', "it ends where a value after '>=' should follow"],
    ['"open', 'the text opened with " at position 1 is never closed'],
    ['[750..800', "it ends where the interval's closing ']' or ')' should follow"],
    ['750 800', "'800' at position 5 where a ',' between tests or the end should be"],
    ['> 5,', 'it ends where a value should follow'],
    ['>= 7@0', "'@' at position 5 is not part of the expression language"],
    ['(1 + 2', "it ends where a closing ')' should follow"],
    ['$ > 5 and', 'it ends where a value should follow'],
  ])('refuses %j: %s', (cell, reason) => {
    expect(inputCellProblem(cell)).toBe(reason);
  });
});

describe('outputCellProblem: zen-engine expressions', () => {
  it.each(['"A"', '8.4', '10.25', 'loan.amount * 0.01', '"Loan above ₹75,00,000"', '`rate`', '{ a: 1 }'])(
    'reads %j',
    (cell) => {
      expect(outputCellProblem(cell)).toBeNull();
    },
  );

  it('needs a value, and one expression', () => {
    expect(outputCellProblem(' ')).toBe('an output needs a value');
    expect(outputCellProblem('A B')).toBe("'B' at position 3 where the end should be");
    expect(outputCellProblem('"A", "B"')).toBe("',' at position 4 where the end should be");
    expect(outputCellProblem('> 5')).toBe("'>' at position 1 where a value should be");
  });
});

describe('decisionTableProblems', () => {
  it('finds none in a good table', () => {
    expect(decisionTableProblems('pricing', pricing)).toEqual([]);
    expect(decisionDocumentProblems(document)).toEqual([]);
  });

  it('names the row and the column of each bad cell, at the field the server names', () => {
    const bad = setCell(setCell(document, 'pricing', 1, 'score', '[750..'), 'pricing', 0, 'rate', '');
    expect(decisionTableProblems('pricing', bad.pricing)).toEqual([
      { field: 'document.pricing.rules[0].rate', reason: 'Row 1 (band-1), Rate % a year: an output needs a value' },
      {
        field: 'document.pricing.rules[1].score',
        reason: 'Row 2 (band-2), Bureau score: it ends where a value should follow',
      },
    ]);
  });

  it('needs at least one rule, and row ids that are present and unique', () => {
    const empty = removeRow(removeRow(document, 'pricing', 0), 'pricing', 0);
    expect(decisionTableProblems('pricing', empty.pricing)).toEqual([
      { field: 'document.pricing.rules', reason: 'The table needs at least one rule' },
    ]);
    const twice = setCell(document, 'pricing', 1, '_id', 'band-1');
    expect(decisionTableProblems('pricing', twice.pricing)).toEqual([
      { field: 'document.pricing.rules[1]._id', reason: 'Row 2: the row id band-1 is used twice' },
    ]);
    const blank = setCell(document, 'pricing', 0, '_id', ' ');
    expect(decisionTableProblems('pricing', blank.pricing)[0]?.field).toBe('document.pricing.rules[0]._id');
  });

  it('a new row needs its outputs filled', () => {
    const added = addRow(document, 'pricing', 1);
    expect(added.pricing.rules[2]).toEqual({ _id: 'rule-3', bureau: '', score: '', grade: '', rate: '' });
    expect(decisionTableProblems('pricing', added.pricing).map((p) => p.reason)).toEqual([
      'Row 3 (rule-3), Risk grade: an output needs a value',
      'Row 3 (rule-3), Rate % a year: an output needs a value',
    ]);
  });
});

describe('row edits', () => {
  it('adds first or after a row, with an id not yet used', () => {
    expect(addRow(document, 'pricing', -1).pricing.rules.map((r) => r._id)).toEqual(['rule-3', 'band-1', 'band-2']);
    expect(newRowId({ ...pricing, rules: [{ _id: 'rule-2' }, { _id: 'rule-3' }] })).toBe('rule-4');
  });

  it('moves a row and stays put at either end; other tables untouched', () => {
    const moved = moveRow(document, 'pricing', 0, 1);
    expect(moved.pricing.rules.map((r) => r._id)).toEqual(['band-2', 'band-1']);
    expect(moved.eligibility).toBe(document.eligibility);
    expect(moveRow(document, 'pricing', 0, -1)).toBe(document);
    expect(moveRow(document, 'pricing', 1, 1)).toBe(document);
  });

  it('edits one cell without changing the document it came from', () => {
    const edited = setCell(document, 'pricing', 1, 'rate', '9.1');
    expect(edited.pricing.rules[1]?.rate).toBe('9.1');
    expect(document.pricing.rules[1]?.rate).toBe('8.9');
  });

  it('counts the changed rows per table', () => {
    expect(documentChanges(document, document)).toEqual([]);
    const edited = setCell(moveRow(document, 'pricing', 0, 1), 'eligibility', 0, 'foir', '> 65');
    expect(documentChanges(document, edited)).toEqual(['Pricing: 2 rows changed', 'Eligibility: 1 row changed']);
  });

  it('names a cell by row number, row id and column heading', () => {
    expect(cellName(pricing, 1, 'rate')).toBe('Row 2 (band-2), Rate % a year');
  });
});

describe('an older version against the one in use', () => {
  it('says what changed since: rows per table and the FOIR cap', () => {
    const inUse = { ...setCell(document, 'pricing', 1, 'rate', '9.1'), foirCapPercent: document.foirCapPercent - 5 };
    expect(olderVersionDifference(document, inUse, 7)).toBe(
      `Changed since, in version 7 (in use): Pricing: 1 row changed, FOIR cap ${document.foirCapPercent}% → ${inUse.foirCapPercent}%.`,
    );
  });

  it('names a change of the LTV caps', () => {
    const bands = [
      { upToAmount: 3_000_000, maxPercent: 90 },
      { upToAmount: null, maxPercent: 80 },
    ];
    expect(olderVersionDifference(document, { ...document, ltvCaps: bands }, 8)).toBe(
      'Changed since, in version 8 (in use): LTV caps none → up to ₹30,00,000 (30 lakh) 90%, above 80%.',
    );
  });

  it('says when nothing did (a version saved back unchanged)', () => {
    expect(olderVersionDifference(document, { ...document }, 7)).toBe('The same tables as version 7, the one in use.');
  });
});

describe('column edits', () => {
  it('adds an input with an id of its own, after the others, its cells empty (they match anything)', () => {
    const added = addInput(document, 'pricing', 'applicant.age', '  Age ');
    expect(added.pricing.inputs.at(-1)).toEqual({ id: 'input3', name: 'Age', field: 'applicant.age' });
    expect(added.pricing.rules).toEqual(pricing.rules);
    expect(added.eligibility).toBe(document.eligibility);
    expect(documentChanges(document, added)).toEqual(['Pricing: input Age (applicant.age) added']);
    expect(decisionTableProblems('pricing', added.pricing)).toEqual([]);
    // The id is made once: a further input takes the next free one, and renaming keeps it.
    const again = addInput(
      renameColumn(added, 'pricing', 'input3', 'Applicant age'),
      'pricing',
      'loan.amount',
      'Amount',
    );
    expect(again.pricing.inputs.map((c) => c.id)).toEqual(['bureau', 'score', 'input3', 'input4']);
    expect(newInputId({ ...pricing, inputs: [{ id: 'input1', name: 'x', field: 'loan.amount' }] })).toBe('input2');
  });

  it('counts a condition set in the new column as a changed row', () => {
    const added = addInput(document, 'pricing', 'applicant.age', 'Age');
    const edited = setCell(added, 'pricing', 0, 'input3', '>= 21');
    expect(documentChanges(document, edited)).toEqual(['Pricing: input Age (applicant.age) added, 1 row changed']);
  });

  it('stops at the contract limit of 20 inputs', () => {
    let full = document;
    while (addInputBlock(full.pricing) === null)
      full = addInput(full, 'pricing', 'loan.amount', `Amount ${full.pricing.inputs.length}`);
    expect(full.pricing.inputs).toHaveLength(20);
    expect(addInputBlock(full.pricing)).toBe('A table has at most 20 inputs');
  });

  it('removes an input with its cells in every row, naming the rows that had a condition in it first', () => {
    expect(rowsUsing(pricing, 'score')).toEqual(['band-1', 'band-2']);
    expect(rowsUsing(addInput(document, 'pricing', 'applicant.age', 'Age').pricing, 'input3')).toEqual([]);
    const removed = removeInput(document, 'pricing', 'score');
    expect(removed.pricing.inputs.map((c) => c.id)).toEqual(['bureau']);
    expect(removed.pricing.rules[0]).toEqual({ _id: 'band-1', bureau: 'true', grade: '"A"', rate: '8.4' });
    expect(documentChanges(document, removed)).toEqual(['Pricing: input Bureau score removed, 2 rows changed']);
    expect(removeInputBlock(removed.pricing)).toBe(
      'A table needs at least one input: add another before removing this one',
    );
    expect(removeInputBlock(pricing)).toBeNull();
  });

  it('renames an input or an output, and points an input at another field, keeping its cells', () => {
    const renamed = renameColumn(renameColumn(document, 'pricing', 'score', 'Score'), 'pricing', 'grade', 'Grade');
    expect(renamed.pricing.inputs[1]).toEqual({ id: 'score', name: 'Score', field: 'bureau.score' });
    expect(renamed.pricing.outputs[0]).toEqual({ id: 'grade', name: 'Grade', field: 'riskGrade' });
    const pointed = setInputField(renamed, 'pricing', 'score', 'bank.bounces');
    expect(pointed.pricing.inputs[1]?.field).toBe('bank.bounces');
    expect(pointed.pricing.rules).toEqual(pricing.rules);
    expect(documentChanges(document, pointed)).toEqual([
      'Pricing: Bureau score renamed Score, Score reads bank.bounces, was bureau.score, Risk grade renamed Grade',
    ]);
  });

  it('moves an input left or right, staying at either end', () => {
    const moved = moveInput(document, 'pricing', 'score', -1);
    expect(moved.pricing.inputs.map((c) => c.id)).toEqual(['score', 'bureau']);
    expect(moveInput(moved, 'pricing', 'score', -1)).toBe(moved);
    expect(moveInput(document, 'pricing', 'score', 1)).toBe(document);
    expect(documentChanges(document, moved)).toEqual(['Pricing: inputs reordered']);
  });

  it('names a label left empty or used twice and an input reading nothing the tables can read, at its column', () => {
    const broken = renameColumn(renameColumn(document, 'pricing', 'score', ' '), 'pricing', 'rate', 'risk GRADE ');
    const bad = setInputField(broken, 'pricing', 'bureau', 'bureau.callId');
    expect(decisionTableProblems('pricing', bad.pricing)).toEqual([
      { field: 'document.pricing.inputs[1].name', reason: 'Input 2 needs a label: it heads the column' },
      {
        field: 'document.pricing.outputs[1].name',
        reason: "Output 2: the label risk GRADE is already another column's",
      },
      {
        field: 'document.pricing.inputs[0].field',
        reason: 'Input 1 reads bureau.callId, which the tables cannot read',
      },
    ]);
  });

  it('says why an output cannot be removed or read another field', () => {
    expect(outputLockReason('pricing', { id: 'grade', name: 'Risk grade', field: 'riskGrade' })).toBe(
      'Required: the decision reads riskGrade from this table (it reads riskGrade, annualRatePercent and nothing else), so it cannot be removed or read another field. Its label can change.',
    );
  });
});
