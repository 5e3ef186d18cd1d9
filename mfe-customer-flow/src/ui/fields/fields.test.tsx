import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { FieldConfig, FieldTypeDetails, FieldValue, TableValue } from '@originate/contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { groupedAmount } from './CurrencyInput';
import { ScalarField } from './FieldRenderer';
import { OtpInput } from './OtpInput';
import { type FieldServices, FieldServicesProvider } from './services';
import { TableField, totalLabel } from './TableField';
import { fieldDomId } from './types';

/** The text of the elements aria-describedby names: what a screen reader reads after the label. */
function description(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

function isRequired(element: HTMLElement): boolean {
  return (element as HTMLInputElement).required || element.getAttribute('aria-required') === 'true';
}

const field = (key: string, label: string, details: FieldTypeDetails): FieldConfig => ({
  key,
  label,
  enable: true,
  field_type_details: details,
});

const services = (over: Partial<FieldServices> = {}): FieldServices => ({
  upload: jest.fn(async (file: File) => ({ fileId: 'f1', fileName: file.name, size: file.size, mimeType: file.type })),
  remove: jest.fn(async () => undefined),
  fetchFile: jest.fn(async () => new Blob(['x'], { type: 'image/png' })),
  uploadSignature: jest.fn(async () => ({ fileId: 'sig1' })),
  sendOtp: jest.fn(async () => ({ sent: true, resendAfterSeconds: 30, expiresInSeconds: 300 })),
  verifyOtp: jest.fn(async () => ({ isVerified: true })),
  ...over,
});

function wrap(children: ReactNode, s: FieldServices = services()) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <FieldServicesProvider services={s}>{children}</FieldServicesProvider>
    </LocalizationProvider>
  );
}

function renderField(
  f: FieldConfig,
  value: FieldValue | undefined,
  extra: { error?: boolean; s?: FieldServices } = {},
) {
  const onChange = jest.fn();
  const onBlur = jest.fn();
  render(
    wrap(
      <ScalarField
        field={f}
        label={f.label}
        value={value}
        error={extra.error ? { code: 'invalid', message: 'is invalid' } : undefined}
        readOnly={false}
        onChange={onChange}
        onBlur={onBlur}
        options={[
          { label: 'Salaried', value: 'salaried' },
          { label: 'Self employed', value: 'self' },
        ]}
      />,
      extra.s,
    ),
  );
  return { onChange, onBlur };
}

describe('renderers: labelled, error shown and tied to the control, onChange called', () => {
  it.each([
    ['text', { type: 'text' } as FieldTypeDetails],
    ['password', { type: 'password' } as FieldTypeDetails],
    ['textarea', { type: 'textarea' } as FieldTypeDetails],
  ])('%s', (_name, details) => {
    const { onChange } = renderField(field('name', 'Full name', { ...details, mandatory: true }), '', { error: true });
    const input = screen.getByLabelText(/Full name/);
    expect(isRequired(input)).toBe(true);
    expect(description(input)).toBe('Full name is invalid');
    fireEvent.change(input, { target: { value: 'Asha' } });
    expect(onChange.mock.calls[0]?.[0]).toBe('Asha');
  });

  it('a text input the browser edits: the form value reaches it, except while the applicant types in it', () => {
    const f = field('name', 'Full name', { type: 'text' });
    const input = (value: string) =>
      wrap(
        <ScalarField
          field={f}
          label={f.label}
          value={value}
          readOnly={false}
          onChange={() => undefined}
          onBlur={() => undefined}
        />,
      );
    const { rerender } = render(input('Asha'));
    const box = screen.getByLabelText('Full name') as HTMLInputElement;
    expect(box.value).toBe('Asha');
    rerender(input('Asha Rao'));
    expect(box.value).toBe('Asha Rao');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'Asha Rao K' } });
    // A form value a frame behind the keystrokes never overwrites them.
    rerender(input('Asha Ra'));
    expect(box.value).toBe('Asha Rao K');
  });

  it('currency: INR lakh grouping at rest, AMOUNT keypress rule while typing', () => {
    const f = field('income', 'Monthly income', {
      type: 'text',
      currency_field: true,
      currency: 'INR',
      keypress: 'AMOUNT',
    });
    const { onChange } = renderField(f, '1234567', { error: true });
    const input = screen.getByLabelText(/Monthly income/) as HTMLInputElement;
    expect(input.value).toBe('12,34,567.00');
    expect(description(input)).toBe('Monthly income is invalid');
    fireEvent.focus(input);
    expect(input.value).toBe('1234567');
    const letter = fireEvent.keyDown(input, { key: 'a' });
    expect(letter).toBe(false);
    fireEvent.change(input, { target: { value: '12345678' } });
    expect(onChange).toHaveBeenCalledWith('12345678', 'shown');
    fireEvent.blur(input);
    expect(input.value).toBe('1,23,45,678.00');
    expect(groupedAmount('1234.5', 'USD')).toBe('1,234.50');
    expect(groupedAmount('12.5', 'PERCENT')).toBe('12.50');
  });

  it('a placeholder shows in the input only, not again under it; a control without one keeps it as its hint', () => {
    renderField(field('email', 'Email', { type: 'text', placeholder: 'name@example.com' }), 'asha@example.com');
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(input.placeholder).toBe('name@example.com');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('name@example.com')).toBeNull();
    cleanup();
    renderField(field('n', 'Children', { type: 'counter', placeholder: 'Under 18' }), 0);
    expect(screen.getByText('Under 18')).toBeTruthy();
  });

  it('currency: EUR shows the euro sign and groups by comma with a decimal point', () => {
    const f = field('price', 'Price', { type: 'text', currency_field: true, currency: 'EUR', keypress: 'AMOUNT' });
    const { onChange } = renderField(f, '1234567.5');
    const input = screen.getByLabelText(/Price/) as HTMLInputElement;
    expect(input.value).toBe('1,234,567.50');
    expect(screen.getByText('€')).toBeTruthy();
    fireEvent.focus(input);
    expect(input.value).toBe('1234567.5');
    fireEvent.change(input, { target: { value: '2500.75' } });
    expect(onChange).toHaveBeenCalledWith('2500.75', 'shown');
    fireEvent.blur(input);
    expect(input.value).toBe('2,500.75');
  });

  it('date: typed by its digits into the format, an impossible date is no value and says so on leaving', () => {
    const { onChange, onBlur } = renderField(field('dob', 'Date of birth', { type: 'date', mandatory: true }), '', {
      error: true,
    });
    const input = screen.getByRole('textbox', { name: /Date of birth/ }) as HTMLInputElement;
    expect(input.id).toBe(fieldDomId('dob'));
    expect(input.placeholder).toBe('DD/MM/YYYY');
    expect(description(input)).toBe('Date of birth is invalid');
    fireEvent.change(input, { target: { value: '15061990' } });
    expect(input.value).toBe('15/06/1990');
    expect(onChange).toHaveBeenLastCalledWith('15/06/1990', 'shown');
    fireEvent.change(input, { target: { value: '31/02/1990' } });
    expect(onChange).toHaveBeenLastCalledWith(null, 'shown');
    fireEvent.blur(input);
    expect(onBlur).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose Date of birth from a calendar' })).toBeTruthy();
  });

  it('date: the calendar loads on its button and a pick fills the field', async () => {
    const { onChange } = renderField(field('dob', 'Date of birth', { type: 'date' }), '15/06/1990');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Choose Date of birth from a calendar' }));
      await import('./DateCalendarPopover');
    });
    const calendar = await screen.findByRole('dialog', { name: 'Date of birth: calendar' });
    fireEvent.click(within(calendar).getByRole('gridcell', { name: '20' }));
    expect(onChange).toHaveBeenCalledWith('20/06/1990');
    expect((screen.getByRole('textbox', { name: /Date of birth/ }) as HTMLInputElement).value).toBe('20/06/1990');
  });

  it.each([
    ['checkbox', 'checkbox'],
    ['toggle', 'switch'],
  ] as const)('%s', (type, role) => {
    const { onChange } = renderField(field('agree', 'I agree', { type, mandatory: true }), false, { error: true });
    const control = screen.getByRole(role, { name: /I agree/ });
    expect(description(control)).toBe('I agree is invalid');
    fireEvent.click(control);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('checkbox group (checkbox with multiple): a labelled fieldset of boxes holding an array', () => {
    const f = field('emp', 'Income sources', { type: 'checkbox', property: 'EMP', multiple: true, mandatory: true });
    const { onChange, onBlur } = renderField(f, ['self'], { error: true });
    const group = screen.getByRole('group', { name: /Income sources/ });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.id).toBe(fieldDomId('emp'));
    const salaried = within(group).getByRole('checkbox', { name: 'Salaried' }) as HTMLInputElement;
    const self = within(group).getByRole('checkbox', { name: 'Self employed' }) as HTMLInputElement;
    expect([salaried.checked, self.checked]).toEqual([false, true]);
    expect(description(salaried)).toBe('Income sources is invalid');
    expect(salaried.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(salaried);
    // In the options' order, whatever the order of ticking.
    expect(onChange).toHaveBeenLastCalledWith(['salaried', 'self']);
    expect(onBlur).toHaveBeenCalled();
    fireEvent.click(self);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('dropdown (single)', () => {
    const { onChange } = renderField(field('emp', 'Employment', { type: 'dropdown', property: 'EMP' }), null, {
      error: true,
    });
    const select = screen.getByRole('combobox', { name: /Employment/ }) as HTMLSelectElement;
    expect(description(select)).toBe('Employment is invalid');
    expect([...select.options].map((o) => o.text)).toEqual(['None', 'Salaried', 'Self employed']);
    fireEvent.change(select, { target: { value: 'self' } });
    expect(onChange).toHaveBeenCalledWith('self');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('dropdown (multiple) holds an array (its chunk loads when first shown)', async () => {
    const { onChange } = renderField(
      field('emp', 'Employment', { type: 'dropdown', property: 'EMP', multiple: true }),
      [],
      {
        error: true,
      },
    );
    await act(async () => {
      await import('./MultiSelect');
    });
    const input = screen.getByRole('combobox', { name: /Employment/ });
    expect(description(input)).toBe('Employment is invalid');
    fireEvent.mouseDown(input);
    fireEvent.click(screen.getByRole('option', { name: 'Salaried' }));
    expect(onChange).toHaveBeenCalledWith(['salaried']);
  });

  it('radio', () => {
    const { onChange } = renderField(field('emp', 'Employment', { type: 'radio', property: 'EMP' }), null, {
      error: true,
    });
    expect(screen.getByRole('group', { name: /Employment/ }).tagName).toBe('FIELDSET');
    expect(description(screen.getByRole('radio', { name: 'Salaried' }))).toBe('Employment is invalid');
    fireEvent.click(screen.getByRole('radio', { name: 'Salaried' }));
    expect(onChange).toHaveBeenCalledWith('salaried');
  });

  it('range: two labelled thumbs', () => {
    const { onChange } = renderField(field('band', 'Budget', { type: 'range' }), [10, 90], { error: true });
    const low = screen.getByRole('slider', { name: 'Budget minimum' });
    expect(screen.getByRole('slider', { name: 'Budget maximum' })).toBeTruthy();
    expect(description(low)).toBe('Budget is invalid');
    fireEvent.change(low, { target: { value: 20 } });
    expect(onChange).toHaveBeenCalledWith([20, 90]);
  });

  it('slider', () => {
    const { onChange } = renderField(field('tenure', 'Tenure', { type: 'slider', min_value: 12, max_value: 60 }), 12, {
      error: true,
    });
    const slider = screen.getByRole('slider', { name: /Tenure/ });
    expect(description(slider)).toBe('Tenure is invalid');
    fireEvent.change(slider, { target: { value: 24 } });
    expect(onChange).toHaveBeenCalledWith(24);
  });

  it('slider moves along its step', () => {
    const f = field('amt', 'Amount', { type: 'slider', min_value: 0, max_value: 100, step: 5 });
    const { onChange } = renderField(f, 10);
    const slider = screen.getByRole('slider', { name: /Amount/ });
    // The browser's range input moves on this grid by keys and drags alike.
    expect(slider.getAttribute('step')).toBe('5');
    fireEvent.change(slider, { target: { value: 15 } });
    expect(onChange).toHaveBeenLastCalledWith(15);
  });

  it('counter steps by its step', () => {
    const f = field('kids', 'Months', { type: 'counter', min_value: 0, max_value: 12, step: 3 });
    const { onChange } = renderField(f, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Increase Months' }));
    expect(onChange).toHaveBeenLastCalledWith(9);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Months' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('counter steps within its bounds', () => {
    const { onChange } = renderField(field('kids', 'Dependants', { type: 'counter', min_value: 0, max_value: 2 }), 2, {
      error: true,
    });
    expect(description(screen.getByRole('spinbutton', { name: /Dependants/ }))).toBe('Dependants is invalid');
    expect((screen.getByRole('button', { name: 'Increase Dependants' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Dependants' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('file upload: checks the type first, uploads, lists, removes', async () => {
    const s = services();
    const f = field('idp', 'ID proof', { type: 'file_upload', accept: ['pdf'], mandatory: true });
    const { onChange } = renderField(f, { uploadedDocuments: [] }, { s });
    const input = (await screen.findByLabelText('ID proof')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [new File(['x'], 'photo.exe', { type: 'application/x-msdownload' })] },
      });
    });
    expect(screen.getByRole('alert').textContent).toContain('Only these file types are allowed: PDF, up to 30 MB');
    // The hint under the label names the same, in the applicant's words.
    expect(screen.getByText('PDF, up to 30 MB')).toBeTruthy();
    expect(s.upload).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'pan.pdf', { type: 'application/pdf' })] } });
    });
    expect(s.upload).toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledWith({
      uploadedDocuments: [{ fileId: 'f1', fileName: 'pan.pdf', size: 4, mimeType: 'application/pdf' }],
    });
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('file upload list: remove', async () => {
    const s = services();
    const doc = { fileId: 'f9', fileName: 'pan.pdf', size: 10, mimeType: 'application/pdf' };
    const { onChange } = renderField(
      field('idp', 'ID proof', { type: 'file_upload' }),
      { uploadedDocuments: [doc] },
      {
        s,
        error: true,
      },
    );
    expect(await screen.findByText('ID proof is invalid')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove pan.pdf' }));
    });
    expect(s.remove).toHaveBeenCalledWith('f9');
    expect(onChange).toHaveBeenCalledWith({ uploadedDocuments: [] });
  });

  it('signature pad: labelled area, Clear, typed name alternative', async () => {
    // jsdom draws nothing: a 2D context whose every method does nothing and whose properties take any value.
    const context = new Proxy({} as Record<string | symbol, unknown>, {
      get: (target, prop) => (prop in target ? target[prop] : () => undefined),
      set: (target, prop, value) => {
        target[prop] = value;
        return true;
      },
    });
    jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue(context as unknown as CanvasRenderingContext2D);
    renderField(field('sign', 'Signature', { type: 'signature', mandatory: true }), null, { error: true });
    expect(await screen.findByRole('img', { name: 'Signature: signature drawing area' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
    expect(description(screen.getByLabelText('Or type your full name'))).toBe('Signature is invalid');
  });

  it('heading', () => {
    renderField(field('h', 'Property details', { type: 'heading' }), null);
    expect(screen.getByRole('heading', { name: 'Property details' })).toBeTruthy();
  });
});

describe('OTP renderer', () => {
  it('sends, verifies, and shows the spec message for a wrong code', async () => {
    const { ApiError } = await import('@originate/contract');
    const s = services({
      verifyOtp: jest
        .fn()
        .mockRejectedValueOnce(
          new ApiError(400, {
            code: 1101,
            message: 'Validation Failed',
            errors: [{ label: 'OTP', reason: 'Oops, this is incorrect one time password (OTP)' }],
          }),
        )
        .mockResolvedValueOnce({ isVerified: true }),
    });
    const onChange = jest.fn();
    const f = field('otp', 'Mobile OTP', {
      type: 'otp',
      otp_channel: 'SMS',
      recipient_field: 'mobile',
      mandatory: true,
    });
    render(
      wrap(
        <OtpInput
          field={f}
          label="Mobile OTP"
          value={{ type: 'SMS', recipient: '', isVerified: false }}
          readOnly={false}
          onChange={onChange}
          onBlur={() => undefined}
          recipient="9876543210"
        />,
        s,
      ),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    });
    expect(s.sendOtp).toHaveBeenCalledWith({
      fieldKey: 'otp',
      type: 'SMS',
      recipient: '9876543210',
      action: 'SEND_OTP',
    });
    expect((screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('One time password'), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('Oops, this is incorrect one time password (OTP)');
    fireEvent.change(screen.getByLabelText('One time password'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'SMS', recipient: '9876543210', isVerified: true });
  });
});

describe('table totals say what they are', () => {
  it('Total for a sum, Average, Lowest, Highest, and a count as a count', () => {
    expect(totalLabel('EMI', 'SUM')).toBe('Total EMI');
    expect(totalLabel('Rate', 'AVG')).toBe('Average Rate');
    expect(totalLabel('Tenure', 'MIN')).toBe('Lowest Tenure');
    expect(totalLabel('Months left', 'MAX')).toBe('Highest Months left');
    expect(totalLabel('Lender', 'COUNT')).toBe('Number of rows with Lender');
  });
});

describe('container table', () => {
  it('shows rows, totals, and asks the engine before adding a row', () => {
    const amountColumn = field('amt', 'Amount', { type: 'text', currency_field: true, currency: 'INR' });
    const column: FieldConfig = { ...amountColumn, groupKey: 'loans', aggregation: 'SUM' };
    const onAddRow = jest.fn(() => false);
    const onCell = jest.fn();
    const table = (value: TableValue) =>
      wrap(
        <TableField
          field={field('loans', 'Existing loans', { type: 'container' })}
          label="Existing loans"
          value={value}
          readOnly={false}
          onChange={() => undefined}
          onBlur={() => undefined}
          headers={[]}
          columns={[column]}
          cellErrors={{ 'loans.1.amt': { code: 'required', message: 'is required' } }}
          optionsOf={() => undefined}
          labelOf={(f) => f.label}
          onCell={onCell}
          onCellBlur={() => undefined}
          onAddRow={onAddRow}
          onRemoveRow={() => undefined}
          renderCell={(props) => <ScalarField {...props} />}
        />,
      );
    const { rerender } = render(
      table({ headers: {}, subRecords: [{ amt: '100000' }, { amt: '50000' }], total: { amt: 150000 } }),
    );
    expect(screen.getByRole('group', { name: 'Existing loans totals' }).textContent).toContain(
      'Total Amount: ₹1,50,000.00',
    );
    expect(screen.getByText('Amount (row 2) is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (row 1)'), { target: { value: '200000' } });
    expect(onCell).toHaveBeenCalledWith(0, 'amt', '200000');
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(onAddRow).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Complete the marked fields before adding another row.');
    // The applicant changes the table: the message goes (the marked cells keep their own errors).
    rerender(table({ headers: {}, subRecords: [{ amt: '100000' }, { amt: '5' }], total: { amt: 100005 } }));
    expect(screen.queryByText('Complete the marked fields before adding another row.')).toBeNull();
  });
});
