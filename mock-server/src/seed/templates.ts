// The bank's letters and messages (README "Templates and letters"), seeded on every installation like the
// flows: a sanction letter, a Key Facts Statement (RBI's KFS: amount, rate, tenure, EMI, total interest, fees,
// APR, total amount payable, the repayment schedule), a welcome letter (with a Hindi translation), and an
// e-mail and an SMS for each lifecycle event; and config Templates/Letters (the bank's letterhead, where each
// product keeps its rate and tenure, its processing fee). A template id already stored is left as the
// operations admins made it; the config likewise.
import type { CreateTemplateBody } from '@originate/contract';
import type { Db } from '../db';
import { LETTERS_CONFIG, type LettersConfig } from '../modules/templates';

const LETTERS: LettersConfig = {
  bank: {
    name: 'Originate Bank Ltd.',
    address: 'Registered office: Originate Towers, Bandra Kurla Complex, Mumbai 400051 · CIN U65190MH2019PLC000001',
    phone: 'Customer care 1800 209 4455 (toll free)',
    email: 'care@originate-bank.example',
  },
  gstPercent: 18,
  products: {
    HL: {
      rateField: 'interest_rate',
      ratePercent: 8.75,
      tenureField: 'tenure_years',
      tenureIn: 'years',
      processingFeePercent: 0.5,
      processingFeeMax: 10000,
    },
    PL: { ratePercent: 11.49, tenureField: 'pl_tenure_months', tenureIn: 'months', processingFeePercent: 2 },
    CL: {
      ratePercent: 9.25,
      tenureField: 'cl_tenure_months',
      tenureIn: 'months',
      processingFeePercent: 1,
      processingFeeMax: 15000,
    },
  },
};

type Seeded = Omit<CreateTemplateBody, 'baseVerNum'>;
const none = {};

const SANCTION_LETTER: Seeded = {
  template_id: 'SANCTION_LETTER',
  template_name: 'Sanction Letter',
  template_type: 'PDF',
  subject: null,
  events: [],
  translations: none,
  body: `Date: {{today}}
Ref: {{application.id}}

{{applicant.name}}
{{applicant.mobile}} · {{applicant.email}}

# Sanction of your {{application.product}}

Dear {{applicant.firstName}},

We are pleased to inform you that {{bank.name}} has sanctioned your {{application.product}} on the terms below, subject to the general terms and conditions of the loan agreement and to the documents listed being in order at disbursal.

| Particulars | Details |
|---|---|
| Loan amount sanctioned | {{loan.amount}} |
| Rate of interest | {{loan.rate}} (floating, linked to the bank's repo-linked lending rate) |
| Tenure | {{loan.tenureYears}} ({{loan.tenureMonths}} months) |
| Equated monthly instalment (EMI) | {{loan.emi}} |
| Processing fee (incl. GST) | {{loan.fees}} |
| Total interest payable | {{loan.totalInterest}} |
| Total amount payable | {{loan.totalCost}} |

## Conditions of sanction

1. This sanction is valid for 90 days from the date of this letter.
2. The EMI is debited on the 5th of every month by NACH mandate from your salary or savings account.
3. You may prepay the loan in part or in full at any time; no prepayment charge applies to floating-rate loans to individuals.
4. A Key Facts Statement with the full repayment schedule accompanies this letter.

Please sign and return a copy of this letter to accept the sanction.

Yours faithfully,
For {{bank.name}}

Authorised Signatory`,
};

const KEY_FACTS_STATEMENT: Seeded = {
  template_id: 'KEY_FACTS_STATEMENT',
  template_name: 'Key Facts Statement',
  template_type: 'PDF',
  subject: null,
  events: [],
  translations: none,
  body: `# Key Facts Statement

Application {{application.id}} · {{application.product}} · Date {{today}}
Borrower: {{applicant.name}}

## Part 1: Interest rate and fees

| Item | Details |
|---|---|
| Loan amount | {{loan.amount}} |
| Total interest charge during the tenure | {{loan.totalInterest}} |
| Processing fees and other charges (incl. GST) | {{loan.fees}} |
| Total amount to be paid by the borrower | {{loan.totalCost}} |
| Rate of interest | {{loan.rate}} |
| Annual Percentage Rate (APR) | {{loan.apr}} |
| Loan term | {{loan.tenureYears}} |
| Number of instalments | {{loan.instalments}} |
| EMI amount | {{loan.emi}} |

The Annual Percentage Rate is the effective annual cost of the loan: the rate at which the instalments repay the amount disbursed net of the fees.

## Part 2: Other qualitative information

Recovery agents are engaged only under the bank's Fair Practices Code. Grievances: write to {{bank.email}} or call {{bank.phone}}; if not resolved within 30 days you may approach the RBI Ombudsman.

You may cancel the loan without penalty within 3 days of disbursal (cooling-off period), paying only the interest for those days and the processing fee.

---

# Repayment schedule

| Instalment | EMI | Interest | Principal | Outstanding |
|---|---|---|---|---|
{{#loan.schedule}}
| {{month}} | {{emi}} | {{interest}} | {{principal}} | {{balance}} |
{{/loan.schedule}}`,
};

const WELCOME_LETTER: Seeded = {
  template_id: 'WELCOME_LETTER',
  template_name: 'Welcome Letter',
  template_type: 'PDF',
  subject: null,
  events: [],
  body: `Date: {{today}}

# Welcome to {{bank.name}}

Dear {{applicant.name}},

Thank you for choosing {{bank.name}} for your {{application.product}}. Your loan account for application {{application.id}} is now set up.

| Your loan | |
|---|---|
| Loan amount | {{loan.amount}} |
| EMI | {{loan.emi}} |
| Tenure | {{loan.tenureYears}} |

Your EMI is due on the 5th of every month. Keep your account funded a day before to avoid bounce charges. You can download statements and the repayment schedule from net banking at any time.

For any help, call {{bank.phone}} or write to {{bank.email}} quoting {{application.id}}.

Warm regards,
Team {{bank.name}}`,
  translations: {
    hi: {
      subject: null,
      body: `दिनांक: {{today}}

# {{bank.name}} में आपका स्वागत है

प्रिय {{applicant.name}},

अपने {{application.product}} के लिए {{bank.name}} को चुनने के लिए धन्यवाद। आवेदन {{application.id}} के लिए आपका ऋण खाता अब तैयार है।

| आपका ऋण | |
|---|---|
| ऋण राशि | {{loan.amount}} |
| मासिक किस्त (EMI) | {{loan.emi}} |
| अवधि | {{loan.tenureMonths}} महीने |

आपकी EMI हर महीने की 5 तारीख को देय है। बाउंस शुल्क से बचने के लिए एक दिन पहले अपने खाते में पर्याप्त राशि रखें।

किसी भी सहायता के लिए {{bank.phone}} पर कॉल करें या {{bank.email}} पर लिखें और {{application.id}} का उल्लेख करें।

सादर,
टीम {{bank.name}}`,
    },
  },
};

const email = (
  template_id: string,
  template_name: string,
  event: Seeded['events'][number],
  subject: string,
  body: string,
): Seeded => ({
  template_id,
  template_name,
  template_type: 'EMAIL',
  subject,
  body,
  events: [event],
  translations: none,
});

const sms = (template_id: string, template_name: string, event: Seeded['events'][number], body: string): Seeded => ({
  template_id,
  template_name,
  template_type: 'SMS',
  subject: null,
  body,
  events: [event],
  translations: none,
});

const SIGNATURE = `<p>Regards,<br>{{bank.name}}<br>{{bank.phone}} · {{bank.email}}</p>
<p style="color:#52606d;font-size:12px">{{bank.name}} never asks for your OTP, PIN or password. Do not share them with anyone.</p>`;

const MESSAGES: Seeded[] = [
  email(
    'APPLICATION_SUBMITTED',
    'Application received (e-mail)',
    'SUBMITTED',
    'We have received your {{application.product}} application {{application.id}}',
    `<p>Dear {{applicant.name}},</p>
<p>Thank you for applying for a {{application.product}} of {{loan.amount}} with {{bank.name}}. Your application number is <strong>{{application.id}}</strong>.</p>
<p>Our team will review it and get in touch within 2 working days. Please keep your application number handy when you contact us.</p>
${SIGNATURE}`,
  ),
  sms(
    'APPLICATION_SUBMITTED_SMS',
    'Application received (SMS)',
    'SUBMITTED',
    'Dear {{applicant.firstName}}, your {{application.product}} application {{application.id}} for {{loan.amount}} is received. We will contact you within 2 working days. -Originate Bank',
  ),
  email(
    'QUERY_RAISED',
    'Information needed (e-mail)',
    'QUERY_RAISED',
    'Action needed on your application {{application.id}}',
    `<p>Dear {{applicant.name}},</p>
<p>To continue with your {{application.product}} application <strong>{{application.id}}</strong>, we need some more information or documents from you.</p>
<p>Please sign in to the customer portal with your registered e-mail to see the request and reply. Your application waits until we hear from you.</p>
${SIGNATURE}`,
  ),
  sms(
    'QUERY_RAISED_SMS',
    'Information needed (SMS)',
    'QUERY_RAISED',
    'Dear {{applicant.firstName}}, we need more details for your application {{application.id}}. Please sign in to the customer portal to reply. -Originate Bank',
  ),
  email(
    'SANCTIONED',
    'Loan sanctioned (e-mail)',
    'SANCTIONED',
    'Your {{application.product}} of {{loan.amount}} is sanctioned',
    `<p>Dear {{applicant.name}},</p>
<p>Congratulations! Your {{application.product}} application <strong>{{application.id}}</strong> has been sanctioned.</p>
<table cellpadding="4" style="border-collapse:collapse">
<tr><td>Loan amount</td><td><strong>{{loan.amount}}</strong></td></tr>
<tr><td>Rate of interest</td><td>{{loan.rate}}</td></tr>
<tr><td>Tenure</td><td>{{loan.tenureYears}}</td></tr>
<tr><td>EMI</td><td><strong>{{loan.emi}}</strong></td></tr>
<tr><td>Total amount payable</td><td>{{loan.totalCost}}</td></tr>
</table>
<p>Your sanction letter and Key Facts Statement will follow from your relationship manager. Please read the Key Facts Statement before you sign the loan agreement.</p>
${SIGNATURE}`,
  ),
  sms(
    'SANCTIONED_SMS',
    'Loan sanctioned (SMS)',
    'SANCTIONED',
    'Congratulations {{applicant.firstName}}! Your {{application.product}} {{application.id}} of {{loan.amount}} is sanctioned. EMI {{loan.emi}} for {{loan.tenureMonths}} months. -Originate Bank',
  ),
  email(
    'REJECTED',
    'Application declined (e-mail)',
    'REJECTED',
    'Update on your application {{application.id}}',
    `<p>Dear {{applicant.name}},</p>
<p>Thank you for your interest in a {{application.product}} with {{bank.name}}. After careful review we are unable to approve application <strong>{{application.id}}</strong> at this time.</p>
<p>This decision does not affect any other relationship you have with us. You may apply again after 90 days, or call {{bank.phone}} to know more about the reasons and other products that may suit you.</p>
${SIGNATURE}`,
  ),
  sms(
    'REJECTED_SMS',
    'Application declined (SMS)',
    'REJECTED',
    'Dear {{applicant.firstName}}, we are unable to approve your application {{application.id}} at this time. Call 1800 209 4455 for details. -Originate Bank',
  ),
];

const SEEDED_TEMPLATES: readonly Seeded[] = [SANCTION_LETTER, KEY_FACTS_STATEMENT, WELCOME_LETTER, ...MESSAGES];

/** Bumped when the seeded templates or config change: a start on a database seeded with this version costs one query. */
const TEMPLATES_SEED_VERSION = '1';

/** Inserts what is missing: the config, and version 1 of each template id that has no version yet. */
export async function seedTemplates(db: Db, now: Date): Promise<void> {
  const [seen] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'templates_seed'");
  if (seen?.value === TEMPLATES_SEED_VERSION) return;
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO configs (type, name, value) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING', [
      LETTERS_CONFIG.type,
      LETTERS_CONFIG.name,
      JSON.stringify(LETTERS),
    ]);
    for (const t of SEEDED_TEMPLATES) {
      await tx.query(
        `INSERT INTO templates (template_id, ver_num, template_name, template_type, subject, body, translations, events,
           created_by, created_at)
         SELECT $1, 1, $2, $3, $4, $5, $6::jsonb, $7::text[], 'system', $8
          WHERE NOT EXISTS (SELECT 1 FROM templates WHERE template_id = $1)`,
        [
          t.template_id,
          t.template_name,
          t.template_type,
          t.subject,
          t.body,
          JSON.stringify(t.translations),
          t.events,
          now,
        ],
      );
    }
    await tx.query(
      `INSERT INTO meta (key, value) VALUES ('templates_seed', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [TEMPLATES_SEED_VERSION],
    );
  });
}
