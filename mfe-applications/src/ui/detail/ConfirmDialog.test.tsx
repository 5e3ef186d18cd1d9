import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog';

it('picks several choices by label and confirms with their keys, comma separated', async () => {
  const onConfirm = jest.fn();
  render(
    <ConfirmDialog
      busy={false}
      onClose={() => undefined}
      request={{
        title: 'Ask the applicant',
        confirmLabel: 'Send to the applicant',
        comment: false,
        fields: [
          {
            name: 'fields',
            label: 'Fields asked for',
            choices: [
              { key: 'pl_id_proof', label: 'ID proof', hint: 'pl_id_proof' },
              { key: 'pl_income', label: 'Monthly income', hint: 'pl_income' },
              { key: 'task_note', label: 'task_note', hint: null },
            ],
          },
        ],
        onConfirm,
      }}
    />,
  );
  const box = screen.getByRole('combobox', { name: 'Fields asked for' });
  fireEvent.change(box, { target: { value: 'ID' } });
  fireEvent.click(await screen.findByRole('option', { name: 'ID proof (pl_id_proof)' }));
  fireEvent.change(box, { target: { value: 'Monthly' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Monthly income (pl_income)' }));
  fireEvent.click(screen.getByRole('button', { name: 'Send to the applicant' }));
  expect(onConfirm).toHaveBeenCalledWith({ fields: 'pl_id_proof,pl_income' });
});
