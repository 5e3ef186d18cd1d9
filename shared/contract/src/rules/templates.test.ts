import { PLACEHOLDERS } from '../contracts/templates';
import { htmlToText, renderTemplate, smsSegments, templateDataView, templateProblems } from './templates';

const data = {
  applicant: { name: 'Asha <b>Verma</b> & "Sons"', email: 'asha@example.in' },
  loan: {
    emi: '₹22,700.00',
    schedule: [
      { month: 1, emi: '₹100.00' },
      { month: 2, emi: '₹100.00' },
    ],
  },
  fields: { pan: 'ABCDE1234F' },
};
const fieldKeys = new Set(['pan', 'employer']);

describe('renderTemplate', () => {
  it('escapes every value in HTML and leaves plain text as it is', () => {
    expect(renderTemplate('<p>Dear {{applicant.name}}</p>', data, true)).toBe(
      '<p>Dear Asha &lt;b&gt;Verma&lt;&#x2F;b&gt; &amp; &quot;Sons&quot;</p>',
    );
    expect(renderTemplate('Dear {{applicant.name}}', data, false)).toBe('Dear Asha <b>Verma</b> & "Sons"');
  });

  it('repeats a section for each row of a list, the row keys inside', () => {
    expect(renderTemplate('{{#loan.schedule}}[{{month}}: {{emi}}]{{/loan.schedule}}', data, false)).toBe(
      '[1: ₹100.00][2: ₹100.00]',
    );
  });

  it('reaches no prototype and calls nothing', () => {
    const text =
      '{{constructor}}|{{__proto__}}|{{applicant.constructor}}|{{loan.schedule.constructor}}|{{loan.schedule.map}}|{{applicant.name.constructor}}|{{#constructor}}x{{/constructor}}';
    expect(renderTemplate(text, data, false)).toBe('||||||');
  });

  it('renders nothing for a missing value and no text for a group', () => {
    expect(renderTemplate('[{{applicant.mobile}}][{{applicant}}]', data, true)).toBe('[][]');
  });

  it('ignores partials', () => {
    expect(renderTemplate('a{{>constructor}}b', data, false)).toBe('ab');
  });
});

describe('templateDataView', () => {
  it('copies into objects and arrays without prototypes, leaving out functions', () => {
    const view = templateDataView({ a: { b: [1, 'x'] }, f: (() => 1) as unknown as string });
    expect(Object.getPrototypeOf(view)).toBeNull();
    const a = view.a as Record<string, unknown>;
    expect(Object.getPrototypeOf(a)).toBeNull();
    expect(Array.isArray(a.b)).toBe(true);
    expect(Object.getPrototypeOf(a.b)).toBeNull();
    expect('f' in view).toBe(false);
  });
});

describe('templateProblems', () => {
  const check = (text: string, html = false) => templateProblems(text, 'body', { html, fieldKeys });

  it('passes every catalogue placeholder, list rows and flow fields', () => {
    const all = PLACEHOLDERS.map((p) => `{{${p.name}}}`).join(' ');
    expect(
      check(`${all} {{fields.pan}} {{#loan.schedule}}{{month}} {{balance}} {{bank.name}}{{/loan.schedule}}`),
    ).toEqual([]);
  });

  it('names each unknown placeholder once', () => {
    expect(check('{{applicant.nmae}} {{applicant.nmae}} {{fields.nope}} {{month}} {{constructor}}')).toEqual([
      { label: 'body', reason: 'unknown placeholder {{applicant.nmae}}' },
      { label: 'body', reason: 'unknown placeholder {{fields.nope}}' },
      { label: 'body', reason: 'unknown placeholder {{month}}' },
      { label: 'body', reason: 'unknown placeholder {{constructor}}' },
    ]);
  });

  it('refuses unknown sections, partials, delimiter changes and unclosed sections', () => {
    expect(check('{{#loan.scedule}}{{/loan.scedule}}')).toEqual([
      { label: 'body', reason: 'unknown section {{#loan.scedule}}' },
    ]);
    expect(check('{{>header}}')).toEqual([{ label: 'body', reason: '{{>header}}: partials are not allowed' }]);
    expect(check('{{=<% %>=}}')).toEqual([
      { label: 'body', reason: 'changing the delimiters ({{=…=}}) is not allowed' },
    ]);
    expect(check('{{#loan.schedule}}{{month}}')).toEqual([
      { label: 'body', reason: expect.stringMatching(/^unclosed section "loan.schedule"/) },
    ]);
  });

  it('refuses unescaped values in HTML only', () => {
    expect(check('{{{applicant.name}}}', true)).toEqual([
      {
        label: 'body',
        reason:
          '{{{applicant.name}}} is not allowed: every value of an HTML template is escaped (write {{applicant.name}})',
      },
    ]);
    expect(check('{{{applicant.name}}} {{& applicant.email}}', false)).toEqual([]);
  });
});

describe('htmlToText', () => {
  it('turns blocks into lines and reads entities', () => {
    expect(
      htmlToText('<h1>Sanctioned</h1><p>Dear A &amp; B,<br>your EMI is &#8377;100.</p><ul><li>one</li></ul>'),
    ).toBe('Sanctioned\nDear A & B,\nyour EMI is ₹100.\n• one');
  });
});

describe('smsSegments', () => {
  it('counts GSM-7 texts as gateways do: 160 in one part, 153 per part beyond', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0 });
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsSegments('a'.repeat(307))).toEqual({ encoding: 'GSM-7', units: 307, segments: 3 });
  });

  it('counts an extension character as two septets and never splits it', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    // 152 septets, then a two-septet character that does not fit the first part's 153.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toEqual({ encoding: 'GSM-7', units: 164, segments: 2 });
    expect(smsSegments(`${'a'.repeat(152)}${'€'.repeat(77)}`).segments).toBe(3);
  });

  it('falls back to UCS-2 for any other character: 70 in one part, 67 per part', () => {
    expect(smsSegments('₹'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`₹${'a'.repeat(70)}`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments('नमस्ते'.repeat(23)).segments).toBe(3);
  });

  it('never splits a surrogate pair', () => {
    // 66 units, then an emoji (2 units) that does not fit the first part's 67.
    expect(smsSegments(`${'a'.repeat(66)}😀${'a'.repeat(10)}`)).toEqual({ encoding: 'UCS-2', units: 78, segments: 2 });
  });
});
