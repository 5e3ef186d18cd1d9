import { MANDATORY_FIELDS_MESSAGE, MAX_FILE_SIZE_BYTES } from '@originate/contract';
import { isEditingDisabled, isFieldApplicable } from './fields';
import { errorSummaryTitle, submitMessage } from './messages';
import { field, TODAY } from './testFixtures';
import {
  AMOUNT_RANGE_MESSAGE,
  counterStep,
  defaultValue,
  emptyValue,
  INVALID_MESSAGE,
  isEmptyValue,
  MAX_UPLOAD_BYTES,
  OTP_WRONG_CODE_MESSAGE,
  REQUIRED_MESSAGE,
  uploadCheck,
  validateField,
} from './validation';

const ctx = { today: TODAY, values: {} };
const check = (f: ReturnType<typeof field>, value: Parameters<typeof validateField>[1]) => validateField(f, value, ctx);

describe('spec strings', () => {
  it('are exact', () => {
    expect(INVALID_MESSAGE).toBe('is invalid');
    expect(AMOUNT_RANGE_MESSAGE).toBe('Please enter amount between the range of');
    expect(OTP_WRONG_CODE_MESSAGE).toBe('Oops, this is incorrect one time password (OTP)');
    expect(MANDATORY_FIELDS_MESSAGE).toBe('Please fill all mandatory fields');
    expect(MAX_UPLOAD_BYTES).toBe(31457280);
    expect(MAX_UPLOAD_BYTES).toBe(MAX_FILE_SIZE_BYTES);
  });
});

describe('applicability and editing', () => {
  it('primary follows enable; secondary and guarantor their own flags unless sameAsPrimary', () => {
    const f = field('a', 'text', {}, { enable: true, secondaryEnable: false, guarantorEnable: true });
    expect(isFieldApplicable(f, 'primary')).toBe(true);
    expect(isFieldApplicable(f, 'secondary')).toBe(false);
    expect(isFieldApplicable(f, 'guarantor')).toBe(true);
    expect(isFieldApplicable({ ...f, sameAsPrimary: true }, 'secondary')).toBe(true);
    expect(isFieldApplicable({ ...f, enable: false, sameAsPrimary: true }, 'guarantor')).toBe(false);
    expect(isFieldApplicable({ ...f, enable: false }, 'primary')).toBe(false);
    expect(isFieldApplicable(field('b', 'text'), 'secondary')).toBe(false);
  });

  it('internal fields are never applicable', () => {
    expect(isFieldApplicable(field('a', 'text', {}, { internal: true }), 'primary')).toBe(false);
    expect(isFieldApplicable(field('a', 'text', { internal: true }), 'primary')).toBe(false);
  });

  it('editing is disabled when the stage differs from the step number or access is not WRITE', () => {
    expect(isEditingDisabled({})).toBe(false);
    expect(isEditingDisabled({ stage: 2, taskStepNumber: 2, access: 'WRITE' })).toBe(false);
    expect(isEditingDisabled({ stage: 2, taskStepNumber: 3 })).toBe(true);
    expect(isEditingDisabled({ access: 'READ' })).toBe(true);
    expect(isEditingDisabled({ stage: 1, access: 'WRITE' })).toBe(false);
  });
});

describe('text, password, textarea', () => {
  it('mandatory means required', () => {
    for (const type of ['text', 'password', 'textarea']) {
      expect(check(field('a', type, { mandatory: true }), '')).toEqual({ code: 'required', message: REQUIRED_MESSAGE });
      expect(check(field('a', type, { mandatory: true }), 'x')).toBeUndefined();
      expect(check(field('a', type), '')).toBeUndefined();
    }
  });

  it('the whole value must match the regex', () => {
    const pan = field('pan', 'text', { regex: '[A-Z]{5}[0-9]{4}[A-Z]' });
    expect(check(pan, 'ABCDE1234F')).toBeUndefined();
    expect(check(pan, 'xABCDE1234F')).toEqual({
      code: 'invalid',
      message: 'is not a PAN: 5 capital letters, 4 digits, 1 capital letter, e.g. ABCDE1234F',
    });
    expect(check(field('p', 'password', { regex: '^.{8,}$' }), 'short')).toEqual({
      code: 'invalid',
      message: 'is invalid',
    });
  });

  it('a value the regex refuses gets the field regex_message when it has one', () => {
    const pan = field('pan', 'text', { regex: '[A-Z]{5}[0-9]{4}[A-Z]', regex_message: 'Enter a PAN like ABCDE1234F' });
    expect(check(pan, 'ABCDE1234F')).toBeUndefined();
    expect(check(pan, 'abcde1234f')).toEqual({ code: 'invalid', message: 'Enter a PAN like ABCDE1234F' });
    expect(check({ ...pan, field_type_details: { ...pan.field_type_details, mandatory: true } }, '')).toEqual({
      code: 'required',
      message: REQUIRED_MESSAGE,
    });
    const amount = field('a', 'text', { currency_field: true, regex: '\\d+', regex_message: 'whole rupees only' });
    expect(check(amount, 'abc')).toEqual({
      code: 'invalidValue',
      message: 'is not an amount: use digits, e.g. 5,00,000',
    });
    expect(check(amount, '10.5')).toEqual({ code: 'invalid', message: 'whole rupees only' });
  });
});

describe('currency', () => {
  const amount = field('amt', 'text', { currency_field: true, min_value: 10000, max_value: 5000000 });
  it('not a number gives invalidValue', () => {
    expect(check(amount, 'abc')).toEqual({
      code: 'invalidValue',
      message: 'is not an amount: use digits, e.g. 5,00,000',
    });
    const rate = field('r', 'text', { currency_field: true, currency: 'PERCENT' });
    expect(check(rate, 'x')?.message).toBe('is not a rate: use digits and a point, e.g. 8.50');
  });
  it('outside min or max gives invalidRange with the spec message and the bounds', () => {
    const low = check(amount, '500');
    expect(low?.code).toBe('invalidRange');
    expect(low?.message.startsWith('Please enter amount between the range of ')).toBe(true);
    expect(low?.message).toBe('Please enter amount between the range of ₹10,000 and ₹50,00,000');
    expect(check(amount, 6000000)?.code).toBe('invalidRange');
    expect(check(amount, '1,00,000')).toBeUndefined();
    expect(check(amount, 10000)).toBeUndefined();
  });
  it('USD bounds are formatted as dollars, a missing max is open', () => {
    const usd = field('u', 'text', { currency_field: true, min_value: 5, currency: 'USD' });
    expect(check(usd, 1)?.message).toBe('Please enter amount between the range of $5 and above');
  });
  it('rupee bounds in Indian grouping, paise only when not whole', () => {
    const home = field('h', 'text', { currency_field: true, min_value: 500000, max_value: 50000000 });
    expect(check(home, '100')?.message).toBe('Please enter amount between the range of ₹5,00,000 and ₹5,00,00,000');
    const odd = field('o', 'text', { currency_field: true, min_value: 999.5, max_value: 1000 });
    expect(check(odd, '1')?.message).toBe('Please enter amount between the range of ₹999.50 and ₹1,000');
  });
  it('a rate out of range names a rate, not an amount', () => {
    const rate = field('r', 'text', { currency_field: true, currency: 'PERCENT', min_value: 6, max_value: 15 });
    expect(check(rate, '20')).toEqual({
      code: 'invalidRange',
      message: 'Please enter a rate between 6.00% and 15.00%',
    });
    expect(check(rate, '20')?.message).not.toContain('amount');
  });
  it('EUR bounds are formatted as euros', () => {
    const eur = field('e', 'text', { currency_field: true, min_value: 1000, max_value: 250000, currency: 'EUR' });
    expect(check(eur, 10)?.message).toBe('Please enter amount between the range of €1,000 and €250,000');
    expect(check(eur, '1,500.50')).toBeUndefined();
  });
});

describe('dates', () => {
  it('must be valid in the configured format (default DD/MM/YYYY, strict)', () => {
    const d = field('d', 'date');
    expect(check(d, '15/06/2024')).toBeUndefined();
    expect(check(d, '31/02/2024')).toEqual({
      code: 'invalidDate',
      message: 'is not a date: use DD/MM/YYYY, e.g. 15/06/1990',
    });
    expect(check(field('d', 'date', { date_format: 'YYYY-MM-DD' }), 'x')?.message).toBe(
      'is not a date: use YYYY-MM-DD, e.g. 1990-06-15',
    );
    expect(check(d, '2024-06-15')?.code).toBe('invalidDate');
    expect(check(field('d', 'date', { date_format: 'YYYY-MM-DD' }), '2024-06-15')).toBeUndefined();
    expect(check(field('d', 'date', { mandatory: true }), null)?.code).toBe('required');
  });

  it('BETWEEN_DATE bounds are dates in the field format', () => {
    const d = field('d', 'date', { property: 'BETWEEN_DATE', min_value: '01/01/2024', max_value: '31/12/2024' });
    expect(check(d, '01/01/2024')).toBeUndefined();
    expect(check(d, '31/12/2024')).toBeUndefined();
    expect(check(d, '31/12/2023')?.code).toBe('invalidDate');
    expect(check(d, '01/01/2025')?.code).toBe('invalidDate');
    expect(check(d, '01/01/2025')?.message).toBe(
      'is outside the allowed dates: the date must be between 01/01/2024 and 31/12/2024',
    );
    const after = field('a', 'date', { property: 'BETWEEN_DATE', min_value: '01/01/2024' });
    expect(check(after, '31/12/2023')?.message).toBe(
      'is outside the allowed dates: the date must be on or after 01/01/2024',
    );
  });

  it('BETWEEN_AGE counts years back from today, the maximum age giving the earliest date', () => {
    const dob = field('dob', 'date', { property: 'BETWEEN_AGE', min_value: 18, max_value: 60 });
    expect(check(dob, '15/06/2006')).toBeUndefined();
    expect(check(dob, '16/06/2006')?.code).toBe('invalidDate');
    expect(check(dob, '15/06/1964')).toBeUndefined();
    expect(check(dob, '14/06/1964')?.code).toBe('invalidDate');
    expect(check(dob, '16/06/2006')?.message).toBe(
      'is outside the allowed age of 18 to 60 years: the date must be between 15/06/1964 and 15/06/2006',
    );
  });

  it('BETWEEN_DAYS counts Day, Week, Month or Year from today', () => {
    const days = (unit: 'Day' | 'Week' | 'Month' | 'Year', min: number, max: number) =>
      field('d', 'date', { property: 'BETWEEN_DAYS', min_value: min, max_value: max, date_unit: unit as never });
    expect(check(days('Day', 0, 10), '25/06/2024')).toBeUndefined();
    expect(check(days('Day', 0, 10), '26/06/2024')?.code).toBe('invalidDate');
    expect(check(days('Day', 0, 10), '14/06/2024')?.code).toBe('invalidDate');
    expect(check(days('Week', -1, 1), '08/06/2024')).toBeUndefined();
    expect(check(days('Week', -1, 1), '07/06/2024')?.code).toBe('invalidDate');
    expect(check(days('Month', 0, 2), '15/08/2024')).toBeUndefined();
    expect(check(days('Month', 0, 2), '16/08/2024')?.code).toBe('invalidDate');
    expect(check(days('Year', -1, 0), '15/06/2023')).toBeUndefined();
    expect(check(days('Year', -1, 0), '14/06/2023')?.code).toBe('invalidDate');
    expect(check(days('Day', 0, 10), '26/06/2024')?.message).toBe(
      'is outside the allowed dates: the date must be between 15/06/2024 and 25/06/2024',
    );
  });
});

describe('checkbox and toggle', () => {
  it('if mandatory, must be true', () => {
    for (const type of ['checkbox', 'toggle']) {
      expect(check(field('c', type, { mandatory: true }), false)?.code).toBe('required');
      expect(check(field('c', type, { mandatory: true }), true)).toBeUndefined();
      expect(check(field('c', type), false)).toBeUndefined();
    }
  });
});

describe('checkbox group (checkbox with multiple)', () => {
  const opts = [
    { label: 'Morning', value: 'am' },
    { label: 'Afternoon', value: 'pm' },
    { label: 'Evening', value: 'eve' },
  ];
  const group = (details: Parameters<typeof field>[2] = {}) =>
    field('times', 'checkbox', { property: 'TIMES', multiple: true, ...details });

  it('starts with the default options that exist, [] otherwise', () => {
    expect(defaultValue(group({ defaultValue: ['am', 'zz', 'eve'] }), opts)).toEqual(['am', 'eve']);
    expect(defaultValue(group({ defaultValue: 'pm' }), opts)).toEqual(['pm']);
    expect(defaultValue(group(), opts)).toEqual([]);
    expect(defaultValue(field('c', 'checkbox'), opts)).toBe(false);
  });

  it('mandatory means at least one ticked; an unticked optional group is fine', () => {
    expect(check(group({ mandatory: true }), [])).toEqual({ code: 'required', message: REQUIRED_MESSAGE });
    expect(check(group({ mandatory: true }), ['pm'])).toBeUndefined();
    expect(check(group(), [])).toBeUndefined();
    expect(check(group({ min_value: 2 }), [])).toBeUndefined();
  });

  it('min_value and max_value bound how many are ticked, naming the bound and the count', () => {
    const bounded = group({ min_value: 2, max_value: '2' });
    expect(check(bounded, ['am'])).toEqual({
      code: 'invalidRange',
      message: 'is below the minimum: tick at least 2 (1 ticked)',
    });
    expect(check(bounded, ['am', 'pm', 'eve'])).toEqual({
      code: 'invalidRange',
      message: 'is above the maximum: tick at most 2 (3 ticked)',
    });
    expect(check(bounded, ['am', 'eve'])).toBeUndefined();
  });

  it('holds distinct option values: anything else is invalid', () => {
    expect(check(group(), true)).toEqual({ code: 'invalid', message: INVALID_MESSAGE });
    expect(check(group(), ['am', 'am'])).toEqual({ code: 'invalid', message: INVALID_MESSAGE });
    expect(check(group(), [1, 2])).toEqual({ code: 'invalid', message: INVALID_MESSAGE });
  });
});

describe('empty values (what a hidden field holds)', () => {
  it('null for one value, [] for a list, the empty shape of an upload, an OTP and a table; each is empty', () => {
    const empties = [
      [field('t', 'text', { defaultValue: 'x' }), null],
      [field('s', 'slider', { min_value: 5 }), null],
      [field('c', 'checkbox'), null],
      [field('g', 'checkbox', { property: 'P', multiple: true }), []],
      [field('m', 'dropdown', { property: 'P', multiple: true }), []],
      [field('r', 'range'), []],
      [field('u', 'file_upload'), { uploadedDocuments: [] }],
      [field('o', 'otp', { otp_channel: 'EMAIL' }), { type: 'EMAIL', recipient: '', isVerified: false }],
      [field('items', 'container'), { headers: {}, subRecords: [], total: {} }],
    ] as const;
    for (const [f, empty] of empties) {
      expect(emptyValue(f)).toEqual(empty);
      expect(isEmptyValue(emptyValue(f))).toBe(true);
    }
  });
});

describe('dropdown and radio defaults', () => {
  const opts = [
    { label: 'A', value: 'a' },
    { label: 'B', value: 'b' },
  ];
  it('keep the default only when it is an option; none means null', () => {
    expect(defaultValue(field('d', 'dropdown', { defaultValue: 'a' }), opts)).toBe('a');
    expect(defaultValue(field('d', 'dropdown', { defaultValue: 'z' }), opts)).toBeNull();
    expect(defaultValue(field('d', 'radio', { defaultValue: 'b' }), opts)).toBe('b');
    expect(
      defaultValue(field('d', 'radio', { defaultValue: 'none' }), [...opts, { label: 'n', value: 'none' }]),
    ).toBeNull();
    expect(defaultValue(field('d', 'dropdown', { defaultValue: 'a' }), undefined)).toBeNull();
  });
  it('multiple dropdowns hold arrays', () => {
    expect(defaultValue(field('d', 'dropdown', { multiple: true, defaultValue: ['a', 'z'] }), opts)).toEqual(['a']);
    expect(defaultValue(field('d', 'dropdown', { multiple: true, defaultValue: 'b' }), opts)).toEqual(['b']);
    expect(defaultValue(field('d', 'dropdown', { multiple: true, defaultValue: 'none' }), opts)).toEqual([]);
  });
  it('mandatory means a selection', () => {
    expect(check(field('d', 'dropdown', { mandatory: true }), null)?.code).toBe('required');
    expect(check(field('d', 'dropdown', { mandatory: true, multiple: true }), [])?.code).toBe('required');
    expect(check(field('d', 'radio', { mandatory: true }), 'a')).toBeUndefined();
  });
});

describe('range, slider, counter', () => {
  it('range defaults to [min, max], 0..100 when unset', () => {
    expect(defaultValue(field('r', 'range'), undefined)).toEqual([0, 100]);
    expect(defaultValue(field('r', 'range', { min_value: 5, max_value: 50 }), undefined)).toEqual([5, 50]);
  });
  it('slider and counter default to min', () => {
    expect(defaultValue(field('s', 'slider', { min_value: 3 }), undefined)).toBe(3);
    expect(defaultValue(field('s', 'slider'), undefined)).toBe(0);
    expect(defaultValue(field('c', 'counter', { min_value: 1, max_value: 4 }), undefined)).toBe(1);
  });
  it('are range-checked when mandatory', () => {
    const s = field('s', 'slider', { mandatory: true, min_value: 10, max_value: 20 });
    expect(check(s, 15)).toBeUndefined();
    expect(check(s, 25)?.code).toBe('invalidRange');
    expect(check(s, 5)?.code).toBe('invalidRange');
    expect(check(field('s', 'slider', { min_value: 10, max_value: 20 }), 25)).toBeUndefined();
    expect(check(field('c', 'counter', { mandatory: true, max_value: 3 }), 4)?.code).toBe('invalidRange');
    expect(check(field('r', 'range', { mandatory: true }), [20, 10])?.code).toBe('invalidRange');
    expect(check(field('r', 'range', { mandatory: true }), [10, 20])).toBeUndefined();
  });
  it('counter increments only below max and decrements only above min', () => {
    expect(counterStep(2, 1, 0, 3)).toBe(3);
    expect(counterStep(3, 1, 0, 3)).toBe(3);
    expect(counterStep(1, -1, 0, 3)).toBe(0);
    expect(counterStep(0, -1, 0, 3)).toBe(0);
  });
  it('counter moves by its step along the grid from min, never past a bound', () => {
    expect(counterStep(10, 1, 0, 100, 5)).toBe(15);
    expect(counterStep(10, -1, 0, 100, 5)).toBe(5);
    expect(counterStep(12, 1, 0, 100, 5)).toBe(15);
    expect(counterStep(12, -1, 0, 100, 5)).toBe(10);
    expect(counterStep(95, 1, 0, 98, 5)).toBe(95);
    expect(counterStep(0.3, 1, 0.1, 1, 0.1)).toBe(0.4);
    expect(counterStep(0.1, -1, 0.1, 1, 0.1)).toBe(0.1);
    expect(counterStep(-3, 1, 0, 10, 2)).toBe(0);
  });
  it('a value off the step grid from min is refused, naming the grid; decimals compare without float noise', () => {
    const s = field('s', 'slider', { mandatory: true, min_value: 0, max_value: 100, step: 5 });
    expect(check(s, 35)).toBeUndefined();
    expect(check(s, 37)).toEqual({ code: 'invalidRange', message: 'is not one of 0, 5, 10, … (steps of 5 from 0)' });
    const c = field('c', 'counter', { mandatory: true, min_value: 12, max_value: 84, step: 12 });
    expect(check(c, 36)).toBeUndefined();
    expect(check(c, 30)?.message).toBe('is not one of 12, 24, 36, … (steps of 12 from 12)');
    const rate = field('r', 'slider', { mandatory: true, min_value: 0.1, max_value: 1, step: 0.1 });
    expect(check(rate, 0.1 + 0.2)).toBeUndefined();
    expect(check(rate, 0.7)).toBeUndefined();
    expect(check(rate, 0.75)?.message).toBe('is not one of 0.1, 0.2, 0.3, … (steps of 0.1 from 0.1)');
    const band = field('b', 'range', { min_value: 0, max_value: 100, step: 10 });
    expect(check(band, [10, 90])).toBeUndefined();
    expect(check(band, [10, 95])?.message).toBe('is not one of 0, 10, 20, … (steps of 10 from 0)');
  });
  it('the step defaults to 1', () => {
    const s = field('s', 'slider', { mandatory: true, min_value: 0, max_value: 10 });
    expect(check(s, 3)).toBeUndefined();
    expect(check(s, 2.5)?.message).toBe('is not one of 0, 1, 2, … (steps of 1 from 0)');
  });
});

describe('uploads, signature, OTP', () => {
  it('a mandatory file upload needs uploadedDocuments', () => {
    const f = field('f', 'file_upload', { mandatory: true });
    expect(check(f, { uploadedDocuments: [] })?.code).toBe('required');
    const doc = { fileId: 'x1', fileName: 'a.pdf', size: 10, mimeType: 'application/pdf' };
    expect(check(f, { uploadedDocuments: [doc] })).toBeUndefined();
  });
  it('a mandatory signature needs a fileId', () => {
    const f = field('s', 'signature', { mandatory: true });
    expect(check(f, null)?.code).toBe('required');
    expect(check(f, { fileId: 'sig1' })).toBeUndefined();
  });
  it('a mandatory OTP must be verified, and says how', () => {
    const f = field('o', 'otp', { mandatory: true });
    expect(check(f, { type: 'SMS', recipient: '999', isVerified: false })).toEqual({
      code: 'otp',
      message: 'Verify your mobile number: send the OTP and enter the code',
    });
    expect(
      check(field('e', 'otp', { mandatory: true, otp_channel: 'EMAIL' }), {
        type: 'EMAIL',
        recipient: '',
        isVerified: false,
      }),
    ).toEqual({ code: 'otp', message: 'Verify your e-mail address: send the OTP and enter the code' });
    expect(check(f, { type: 'SMS', recipient: '999', isVerified: true })).toBeUndefined();
    expect(defaultValue(field('o', 'otp', { otp_channel: 'EMAIL' }), undefined)).toEqual({
      type: 'EMAIL',
      recipient: '',
      isVerified: false,
    });
  });
  it('uploadCheck: 30 MB and the kinds by extension and MIME type', () => {
    const pdf = { name: 'a.PDF', size: 100, type: 'application/pdf' };
    expect(uploadCheck(pdf)).toEqual({ ok: true });
    expect(uploadCheck({ ...pdf, size: 31457280 })).toEqual({ ok: true });
    expect(uploadCheck({ ...pdf, size: 31457281 })).toEqual({ ok: false, reason: 'The file is larger than 30 MB' });
    expect(uploadCheck(pdf, ['image']).ok).toBe(false);
    expect(uploadCheck({ name: 'p.png', size: 1, type: 'image/png' }, ['image'])).toEqual({ ok: true });
    expect(uploadCheck({ name: 'p.png', size: 1, type: 'application/pdf' }, ['image', 'pdf']).ok).toBe(false);
    expect(uploadCheck({ name: 'x.exe', size: 1, type: 'application/octet-stream' }).ok).toBe(false);
    const kinds: [string, string, string][] = [
      ['doc', 'a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['xls', 'a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['application', 'a.json', 'application/json'],
      ['compress', 'a.zip', 'application/zip'],
      ['audio', 'a.mp3', 'audio/mpeg'],
      ['video', 'a.mp4', 'video/mp4'],
    ];
    for (const [kind, name, type] of kinds) {
      expect(uploadCheck({ name, size: 1, type }, [kind as 'doc'])).toEqual({ ok: true });
      expect(uploadCheck({ name, size: 1, type }, ['pdf']).ok).toBe(false);
    }
  });
});

describe('pattern messages name the rule with an example', () => {
  const refused = (regex: string, value: string) => check(field('f', 'text', { regex }), value)?.message;
  it('mobile: 10 digits starting 6–9', () => {
    expect(refused('^[6-9][0-9]{9}$', '12345')).toBe(
      'is not a mobile number: 10 digits starting 6–9, e.g. 98765 43210',
    );
  });
  it('e-mail: name@example.com', () => {
    expect(refused('^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$', 'asha@')).toBe(
      'is not an e-mail address: use the form name@example.com',
    );
  });
  it("name: letters, spaces, . ' -", () => {
    expect(refused("^[A-Za-z][A-Za-z .'-]{1,99}$", 'Asha1')).toBe(
      "is not a name: use letters, spaces, . ' - and start with a letter",
    );
  });
  it('PIN code and digit counts', () => {
    expect(refused('^[1-9][0-9]{5}$', '011001')).toBe('is not a PIN code: 6 digits, not starting with 0, e.g. 411001');
    expect(refused('^[0-9]{14}$', '12')).toBe('is not 14 digits');
    expect(refused('^[0-9]{1,3}$', '1234')).toBe('is not 1 to 3 digits');
  });
  it('a PIN code (the seeded address fields): 6 digits, the first 1–9, or the rule with an example', () => {
    const pin = field('pincode', 'text', { mandatory: true, regex: '^[1-9][0-9]{5}$' });
    const rule = 'is not a PIN code: 6 digits, not starting with 0, e.g. 411001';
    for (const good of ['400052', '110001', '999999']) expect(check(pin, good)).toBeUndefined();
    for (const bad of ['40005', '4000522', '40O052', '000000', '400 052', ' 400052']) {
      expect(check(pin, bad)).toEqual({ code: 'invalid', message: rule });
    }
    expect(check(pin, '')?.message).toBe(REQUIRED_MESSAGE);
  });
  it('a pattern the engine cannot put in words keeps the generic message', () => {
    expect(refused('^.{8,}$', 'short')).toBe(INVALID_MESSAGE);
  });
});

describe('slider, counter and range bounds are named', () => {
  it("'is not between min and max'", () => {
    expect(check(field('s', 'slider', { mandatory: true, min_value: 1, max_value: 30 }), 40)?.message).toBe(
      'is not between 1 and 30',
    );
    expect(check(field('r', 'range', { min_value: 0, max_value: 50 }), [10, 60])?.message).toBe(
      'is not between 0 and 50',
    );
  });
});

describe('the refusal of a step', () => {
  it("is 'Please fill all mandatory fields' only when a mandatory field is empty", () => {
    expect(submitMessage(['invalidRange', 'required'])).toBe(MANDATORY_FIELDS_MESSAGE);
    expect(submitMessage(['invalidRange'])).toBe('Please correct the highlighted field');
    expect(submitMessage(['invalidRange', 'invalid'])).toBe('Please correct the 2 highlighted fields');
  });
  it('the error summary is titled with the count', () => {
    expect(errorSummaryTitle(1)).toBe('Please check 1 field');
    expect(errorSummaryTitle(2)).toBe('Please check 2 fields');
  });
});
