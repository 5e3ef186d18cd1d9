import type { ComponentConfig, FlowConfig } from '@originate/contract';
import { fieldLabelsOf, fieldName, pickerFields } from './fieldLabels';

// Only what the labels read: the steps' components in order, and their fields' keys and labels.
const flow = {
  sections: [
    { sub_sections: [{ componentId: 'CMP-APPLICANT' }, { componentId: 'CMP-LOAN' }] },
    { sub_sections: [{ componentId: 'CMP-SUMMARY' }] },
  ],
} as unknown as FlowConfig;
const component = (componentId: string, fields: [string, string][]) =>
  ({ componentId, fields: fields.map(([key, label]) => ({ key, label })) }) as unknown as ComponentConfig;

describe('field history labels', () => {
  const labels = fieldLabelsOf(flow, [
    component('CMP-LOAN', [['loan_amount', 'Loan amount']]),
    component('CMP-APPLICANT', [
      ['full_name', 'Full name'],
      ['marital_status', 'Marital status'],
    ]),
    // A summary step repeats a field under another label: the first step's label stands.
    component('CMP-SUMMARY', [['full_name', 'Applicant']]),
  ]);

  it("names each key by the flow's label, in step order, first label kept", () => {
    expect([...labels]).toEqual([
      ['full_name', 'Full name'],
      ['marital_status', 'Marital status'],
      ['loan_amount', 'Loan amount'],
    ]);
  });

  it('keeps the key as a hint, and a key no component names as itself', () => {
    expect(fieldName('full_name', labels)).toEqual({ key: 'full_name', label: 'Full name', hint: 'full_name' });
    expect(fieldName('task.TSK-1.assignedTo', labels)).toEqual({
      key: 'task.TSK-1.assignedTo',
      label: 'task.TSK-1.assignedTo',
      hint: null,
    });
    // Labels not loaded (yet, or failed): keys.
    expect(fieldName('full_name', undefined).label).toBe('full_name');
  });

  it('lists the audited fields once each, by label', () => {
    expect(
      pickerFields(['marital_status', 'full_name', 'loan_amount', 'full_name', 'task.TSK-1.assignedTo'], labels).map(
        (f) => f.label,
      ),
    ).toEqual(['Full name', 'Loan amount', 'Marital status', 'task.TSK-1.assignedTo']);
  });
});
