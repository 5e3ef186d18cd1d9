// The seeded home loan (HL, flow 'home_loan'): PMAY-style property and family details, personal
// details with ID documents, income with a table of existing loans, co-applicant, guarantor,
// documents, declaration with signature and a summary. With personal-loan.ts it uses every field
// type and rule kind of spec §5 (test/flow-seed.test.ts holds it to that).
import { type ComponentConfig, DEFAULT_FLOW_VERSION, type FlowConfig, type PageRule } from '@originate/contract';
import { amount, auto, content, currentAddress, custom, field, heading, limitedAmount, row } from './build';

const NAME_REGEX = "^[A-Za-z][A-Za-z .'-]{1,99}$";
const MOBILE_REGEX = '^[6-9][0-9]{9}$';
const EMAIL_REGEX = '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$';
const PAN_REGEX = '^[A-Z]{5}[0-9]{4}[A-Z]$';

export const HOME_LOAN_FLOW: FlowConfig = {
  flowId: 'home_loan',
  verNum: DEFAULT_FLOW_VERSION,
  flowName: 'Home Loan Application',
  product_code: 'HL',
  product_name: 'Home Loan',
  flow_type: 'CUST_FLOW',
  startRoute: 'loan-details',
  maximumJointApplicants: 2,
  enableMultipleCoApplicant: true,
  mandatoryValidations: true,
  captcha: true,
  flowTheme: { primaryColor: '#0d3b66', secondaryColor: '#00897b' },
  sections: [
    {
      section_id: 'hl_loan',
      display_name: 'Loan & Property',
      route_info: 'loan',
      sub_sections: [
        {
          sub_section_id: 'hl_loan_details',
          display_name: 'Loan details',
          route_info: 'loan-details',
          componentId: 'HL_LOAN_DETAILS',
        },
        { sub_section_id: 'hl_property', display_name: 'Property', route_info: 'property', componentId: 'HL_PROPERTY' },
      ],
    },
    {
      section_id: 'hl_personal',
      display_name: 'Personal Details',
      route_info: 'personal',
      sub_sections: [
        {
          sub_section_id: 'hl_personal_info',
          display_name: 'About you',
          route_info: 'personal-info',
          componentId: 'HL_PERSONAL',
        },
        { sub_section_id: 'hl_kyc', display_name: 'Identity (KYC)', route_info: 'kyc', componentId: 'HL_KYC' },
      ],
    },
    {
      section_id: 'hl_income',
      display_name: 'Income',
      route_info: 'income',
      sub_sections: [
        {
          sub_section_id: 'hl_income_details',
          display_name: 'Income and obligations',
          route_info: 'income-details',
          componentId: 'HL_INCOME',
        },
      ],
    },
    {
      section_id: 'hl_coapplicant',
      display_name: 'Co-applicant',
      route_info: 'co-applicant',
      applicantType: 'secondary',
      disableForPrimaryApplicant: true,
      sub_sections: [
        {
          sub_section_id: 'hl_coapplicant_details',
          display_name: 'Co-applicant details',
          route_info: 'co-applicant-details',
          componentId: 'HL_COAPPLICANT',
        },
      ],
    },
    {
      section_id: 'hl_guarantor',
      display_name: 'Guarantor',
      route_info: 'guarantor',
      applicantType: 'guarantor',
      disableForPrimaryApplicant: true,
      isSingle: true,
      sub_sections: [
        {
          sub_section_id: 'hl_guarantor_details',
          display_name: 'Guarantor details',
          route_info: 'guarantor-details',
          componentId: 'HL_GUARANTOR',
        },
      ],
    },
    {
      section_id: 'hl_documents',
      display_name: 'Documents',
      route_info: 'documents',
      sub_sections: [
        {
          sub_section_id: 'hl_documents_upload',
          display_name: 'Upload documents',
          route_info: 'documents-upload',
          componentId: 'HL_DOCUMENTS',
        },
      ],
    },
    {
      section_id: 'hl_declaration',
      display_name: 'Declaration',
      route_info: 'declaration',
      sub_sections: [
        {
          sub_section_id: 'hl_declaration_sign',
          display_name: 'Declaration and signature',
          route_info: 'declaration-sign',
          componentId: 'HL_DECLARATION',
        },
        {
          sub_section_id: 'hl_summary',
          display_name: 'Summary',
          route_info: 'summary',
          componentId: 'HL_SUMMARY',
          summary: true,
        },
      ],
    },
  ],
};

export const HOME_LOAN_COMPONENTS: ComponentConfig[] = [
  {
    componentId: 'HL_LOAN_DETAILS',
    display_name: 'Loan details',
    fields: [
      heading('loan_heading', 'Tell us about the loan'),
      field('loan_purpose', 'Loan purpose', 'dropdown', {
        property: 'HL_LOAN_PURPOSE',
        property_type: 'DROPDOWN',
        mandatory: true,
        defaultValue: 'purchase',
      }),
      field('balance_transfer_bank', 'Current lender', 'text', { mandatory: true, regex: NAME_REGEX }),
      // Field access (staff only; applicants fill both): the amount is changed by the branch's credit
      // managers (BCM) and heads (BH), the rate by the Credit Approvals department; officers read them.
      limitedAmount('loan_amount', 'Loan amount', {
        field_identifier: 'P',
        accessControl: [
          { roles: ['BCM', 'BH'], access: 'WRITE' },
          { roles: ['CPA'], access: 'READ' },
        ],
      }),
      field(
        'interest_rate',
        'Expected interest rate (%)',
        'text',
        {
          currency_field: true,
          currency: 'PERCENT',
          keypress: 'INTEREST',
          mandatory: true,
        },
        {
          accessControl: [
            { teams: [{ type: 'DEPT', id: 'TEAM-CREDIT-APPROVALS' }], access: 'WRITE' },
            { roles: ['CPA', 'BCM'], access: 'READ' },
          ],
        },
      ),
      field('tenure_years', 'Tenure (years)', 'slider', { mandatory: true }),
      field('expected_disbursal', 'Expected disbursal date', 'date', {
        property: 'BETWEEN_DAYS',
        min_value: 0,
        max_value: 12,
        date_unit: 'Week',
        date_format: 'DD/MM/YYYY',
      }),
      // The loan's one EMI: worked out, with its schedule, from the amount, rate and tenure as they are chosen (the
      // loan calculator), the arithmetic the server's affordability and decisions use on the same terms.
      field('emi_estimate', 'Your EMI and repayment schedule', 'text', {
        loan_calculator: {
          amount_field: 'loan_amount',
          tenure_field: 'tenure_years',
          tenure_unit: 'YEARS',
          rate_field: 'interest_rate',
        },
      }),
    ],
    layout: [
      { type: 'heading', id: 'loan_heading_el', text: 'Tell us about the loan' },
      row('loan_row1', [
        { size: custom(50), keys: ['loan_purpose', 'balance_transfer_bank'] },
        { size: custom(50), keys: ['loan_amount', 'interest_rate'] },
      ]),
      row('loan_row2', [
        { size: auto, keys: ['tenure_years'] },
        { size: content, keys: ['expected_disbursal'] },
      ]),
      row('loan_row3', [{ size: auto, keys: ['emi_estimate'] }]),
    ],
  },
  {
    componentId: 'HL_PROPERTY',
    display_name: 'Property',
    fields: [
      amount('property_value', 'Property value', 500000, 100000000, true),
      field('property_address', 'Property address', 'textarea', {
        mandatory: true,
        displayConfigs: { rows: 3 },
        placeholder: 'Flat, building, street, locality',
      }),
      field(
        'property_pincode',
        'Pincode',
        'text',
        { mandatory: true, regex: '^[1-9][0-9]{5}$' },
        { microflow: { id: 'pincode_lookup', trigger: 'blur' } },
      ),
      field('property_city', 'City', 'text', { mandatory: true }),
      field('property_state', 'State', 'text', { mandatory: true }),
      field('property_registration_date', 'Registration date', 'date', {
        property: 'BETWEEN_DATE',
        min_value: '01/01/1950',
        max_value: '31/12/2035',
        date_format: 'DD/MM/YYYY',
      }),
      field('pmay_eligible', 'Apply for PMAY interest subsidy', 'toggle', { defaultValue: false }),
      field(
        'family_members',
        'Family members',
        'counter',
        { min_value: 1, max_value: 15, mandatory: true },
        { groupKey: 'family_details' },
      ),
      field(
        'family_head_name',
        'Head of the family',
        'text',
        { mandatory: true, regex: NAME_REGEX },
        { groupKey: 'family_details' },
      ),
      amount('household_income', 'Annual household income', 0, 1800000, true, { groupKey: 'family_details' }),
      field(
        'pmay_category',
        'PMAY category',
        'dropdown',
        { property: 'PMAY_CATEGORY', property_type: 'DROPDOWN', defaultValue: 'none' },
        { groupKey: 'family_details' },
      ),
      field(
        'first_home',
        'No family member owns a pucca house anywhere in India',
        'checkbox',
        { mandatory: true },
        { groupKey: 'family_details' },
      ),
      field('builder_name', 'Builder', 'text', { mandatory: true }, { groupKey: 'builder_details' }),
      field('builder_rera', 'RERA registration', 'text', { mandatory: true }, { groupKey: 'builder_details' }),
    ],
  },
  {
    componentId: 'HL_PERSONAL',
    display_name: 'About you',
    fields: [
      field('full_name', 'Full name', 'text', { mandatory: true, regex: NAME_REGEX }, { field_identifier: 'P' }),
      field('dob', 'Date of birth', 'date', {
        property: 'BETWEEN_AGE',
        min_value: 21,
        max_value: 65,
        mandatory: true,
        date_format: 'DD/MM/YYYY',
      }),
      field('gender', 'Gender', 'radio', { property: 'GENDER', property_type: 'RADIO', mandatory: true }),
      field('marital_status', 'Marital status', 'dropdown', {
        property: 'MARITAL_STATUS',
        property_type: 'DROPDOWN',
        defaultValue: 'single',
        mandatory: true,
      }),
      field('spouse_name', 'Spouse name', 'text', { mandatory: true, regex: NAME_REGEX }),
      field('languages', 'Languages you speak', 'dropdown', {
        property: 'LANGUAGES',
        property_type: 'DROPDOWN',
        multiple: true,
      }),
      field('translator_needed', 'I would like an interpreter at branch visits', 'toggle'),
      field('residential_status', 'Residential status', 'radio', {
        property: 'RESIDENTIAL_STATUS',
        property_type: 'RADIO',
        defaultValue: 'resident',
        mandatory: true,
      }),
      field('nri_country', 'Country of residence', 'text', { mandatory: true }),
      field('email', 'Email', 'text', { mandatory: true, regex: EMAIL_REGEX, placeholder: 'name@example.com' }),
      field('email_otp', 'Email verification code', 'otp', {
        otp_channel: 'EMAIL',
        recipient_field: 'email',
        verification_field: true,
      }),
      field('mobile', 'Mobile number', 'text', { mandatory: true, regex: MOBILE_REGEX }),
      field('mobile_otp', 'Mobile verification code', 'otp', {
        otp_channel: 'SMS',
        recipient_field: 'mobile',
        mandatory: true,
        verification_field: true,
      }),
      // With the applicant's contact details: how they come back to this application (not an income detail).
      field('portal_passcode', 'Set a 6-digit passcode for this application', 'password', {
        regex: '^[0-9]{6}$',
      }),
      heading('current_address_heading', 'Your current address'),
      ...currentAddress('current_'),
    ],
  },
  {
    componentId: 'HL_KYC',
    display_name: 'Identity (KYC)',
    fields: [
      field(
        'pan',
        'PAN',
        'text',
        { mandatory: true, regex: PAN_REGEX, verification_field: true, placeholder: 'ABCDE1234F' },
        { microflow: { id: 'pan_verify', trigger: 'button', label: 'Verify PAN' }, field_identifier: 'PI' },
      ),
      field('form_60', 'Form 60 (if you have no PAN)', 'file_upload', { accept: ['pdf', 'image'], mandatory: true }),
      field('id_document', 'ID document', 'file_upload', { accept: ['image', 'pdf'], mandatory: true }),
      field('address_proof', 'Address proof', 'file_upload', { accept: ['image', 'pdf', 'doc'], mandatory: true }),
      field('ckyc_number', 'CKYC number', 'text', { regex: '^[0-9]{14}$' }, { category: 'EXTERNAL' }),
      field(
        'kyc_risk_score',
        'KYC risk score',
        'text',
        { internal: true },
        { internal: true, hide: true, category: 'USER' },
      ),
    ],
  },
  {
    componentId: 'HL_INCOME',
    display_name: 'Income and obligations',
    fields: [
      field('employment_type', 'Employment type', 'radio', {
        property: 'EMPLOYMENT_TYPE',
        property_type: 'RADIO',
        defaultValue: 'salaried',
        mandatory: true,
      }),
      field('employer_name', 'Employer', 'text', { mandatory: true }),
      field('salary_bank', 'Salary account bank', 'text'),
      field('business_name', 'Business name', 'text', { mandatory: true }),
      field('employment_start_date', 'Working since', 'date', {
        property: 'BETWEEN_DAYS',
        min_value: -480,
        max_value: 0,
        date_unit: 'Month',
      }),
      amount('monthly_income', 'Monthly income', 10000, 10000000, true),
      field(
        'annual_income',
        'Annual income',
        'text',
        { currency_field: true, currency: 'INR' },
        { formulas: { expression: 'monthly_income * 12' } },
      ),
      amount('other_income', 'Other monthly income', 0, 10000000, false),
      field('other_income_source', 'Source of other income', 'text', { mandatory: true }),
      field('last_itr_date', 'Last income tax return filed on', 'date', {
        property: 'BETWEEN_DAYS',
        min_value: -3,
        max_value: 0,
        date_unit: 'Year',
      }),
      field(
        'existing_loans',
        'Existing loans',
        'container',
        {},
        { groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE' },
      ),
      // The table's header: one answer for all its rows (the salary account bank sits with the employer).
      field(
        'emi_bank',
        'Bank account the EMIs are paid from',
        'text',
        { mandatory: true },
        { groupKey: 'existing_loans', isSectionHeader: true },
      ),
      // Only what adds up is totalled (EMIs, outstanding): a count of lenders or the longest months left is no total.
      field('loan_lender', 'Lender', 'text', { mandatory: true }, { groupKey: 'existing_loans' }),
      amount('loan_emi', 'EMI', 0, 10000000, true, { groupKey: 'existing_loans', aggregation: 'SUM' }),
      amount('loan_outstanding', 'Outstanding', 0, 100000000, false, {
        groupKey: 'existing_loans',
        aggregation: 'SUM',
      }),
      field('loan_months_left', 'Months left', 'text', { regex: '^[0-9]{1,3}$' }, { groupKey: 'existing_loans' }),
      amount('bureau_obligations', 'Monthly EMIs on your credit report', 0, 100000000, false, {
        microflow: { id: 'bureau_obligations', trigger: 'button', label: 'Fetch my credit report' },
      }),
      field('bureau_obligation_details', 'Loans on your credit report', 'textarea', { displayConfigs: { rows: 3 } }),
      field(
        'foir',
        'Fixed obligations to income (%)',
        'text',
        { currency_field: true, currency: 'PERCENT' },
        { formulas: { expression: '(existing_loans.total.loan_emi / monthly_income) * 100' } },
      ),
      field('preferred_emi_range', 'Comfortable EMI (% of income)', 'range', { min_value: 0, max_value: 100 }),
      field('remarks', 'Remarks', 'textarea', { displayConfigs: { rows: 4 } }),
    ],
  },
  {
    componentId: 'HL_COAPPLICANT',
    display_name: 'Co-applicant details',
    fields: [
      field(
        'coapp_full_name',
        'Co-applicant full name',
        'text',
        { mandatory: true, regex: NAME_REGEX },
        { secondaryEnable: true },
      ),
      field(
        'coapp_relationship',
        'Relationship to the applicant',
        'dropdown',
        { property: 'RELATIONSHIP', property_type: 'DROPDOWN', mandatory: true },
        { secondaryEnable: true },
      ),
      field(
        'coapp_dob',
        'Date of birth',
        'date',
        { property: 'BETWEEN_AGE', min_value: 18, max_value: 70, mandatory: true },
        { secondaryEnable: true },
      ),
      field(
        'coapp_mobile',
        'Mobile number',
        'text',
        { mandatory: true, regex: MOBILE_REGEX },
        { secondaryEnable: true },
      ),
      amount('coapp_monthly_income', 'Monthly income', 0, 10000000, true, { sameAsPrimary: true }),
      field('coapp_pan', 'PAN', 'text', { regex: PAN_REGEX }, { secondaryEnable: false, field_identifier: 'C' }),
      field('coapp_bureau_score', 'Bureau score', 'text', {}, { internal: true, secondaryEnable: true }),
      field(
        'coapp_consent',
        'I consent to a credit bureau check',
        'checkbox',
        { mandatory: true },
        { secondaryEnable: true },
      ),
    ],
  },
  {
    componentId: 'HL_GUARANTOR',
    display_name: 'Guarantor details',
    fields: [
      field(
        'guarantor_name',
        'Guarantor full name',
        'text',
        { mandatory: true, regex: NAME_REGEX },
        { guarantorEnable: true, field_identifier: 'G' },
      ),
      field(
        'guarantor_relationship',
        'Relationship to the applicant',
        'dropdown',
        { property: 'RELATIONSHIP', property_type: 'DROPDOWN' },
        { guarantorEnable: true },
      ),
      amount('guarantor_net_worth', 'Net worth', 100000, 1000000000, true, { guarantorEnable: true }),
      field('guarantor_pan', 'PAN', 'text', { mandatory: true, regex: PAN_REGEX }, { guarantorEnable: true }),
      field(
        'guarantor_id',
        'Guarantor ID document',
        'file_upload',
        { accept: ['image', 'pdf'], mandatory: true },
        { guarantorEnable: true },
      ),
    ],
  },
  {
    componentId: 'HL_DOCUMENTS',
    display_name: 'Upload documents',
    fields: [
      heading('documents_heading', 'Upload clear scans or photos (up to 30 MB each)'),
      field('salary_slips', 'Last 3 salary slips', 'file_upload', { accept: ['pdf', 'image'], mandatory: true }),
      field('bank_statements', 'Bank statements (6 months)', 'file_upload', {
        accept: ['pdf', 'xls'],
        mandatory: true,
      }),
      field('property_documents', 'Property documents', 'file_upload', { accept: ['pdf', 'doc', 'compress'] }),
      field('other_documents', 'Other documents', 'file_upload', {
        accept: ['image', 'doc', 'pdf', 'xls', 'application', 'compress', 'audio', 'video'],
      }),
    ],
  },
  {
    componentId: 'HL_DECLARATION',
    display_name: 'Declaration and signature',
    fields: [
      // The declaration and consents themselves are configuration of their own (config Consent/HL), shown above.
      heading('declaration_heading', 'Sign your application'),
      field('declaration_date', 'Declaration date', 'date', {
        property: 'BETWEEN_DAYS',
        min_value: -7,
        max_value: 0,
        date_unit: 'Day',
        mandatory: true,
      }),
      field('declaration_place', 'Place', 'text', { mandatory: true }),
      field('signature', 'Signature', 'signature', { mandatory: true }),
    ],
    layout: [
      { type: 'heading', id: 'declaration_heading_el', text: 'Sign your application', size: content },
      row('declaration_row', [
        { size: custom(40), keys: ['declaration_date'] },
        { size: custom(60), keys: ['declaration_place'] },
      ]),
      { type: 'field', key: 'signature', size: custom(100) },
    ],
  },
  {
    componentId: 'HL_SUMMARY',
    display_name: 'Summary',
    fields: [
      heading('summary_heading', 'Check your application before you submit'),
      heading('sanction_preview_action', 'Indicative sanction letter', {
        microflow: { id: 'sanction_preview', trigger: 'button', label: 'Preview sanction letter' },
      }),
      heading('sanction_download_action', 'Keep a copy', {
        microflow: { id: 'sanction_letter', trigger: 'button', label: 'Download sanction letter' },
      }),
    ],
  },
];

const rule = (
  rule_id: string,
  componentId: string,
  target: PageRule['target'],
  conditions?: PageRule['conditions'],
): PageRule => ({ rule_id, componentId, action: 'HIDE', target, ...(conditions ? { conditions } : {}) });

export const HOME_LOAN_RULES: PageRule[] = [
  rule(
    'hl_r1_balance_transfer',
    'HL_LOAN_DETAILS',
    { type: 'FIELD', key: 'balance_transfer_bank' },
    {
      operator: 'AND',
      list: [{ field: 'loan_purpose', operator: 'NOT_EQUAL', value: 'balance_transfer' }],
    },
  ),
  rule(
    'hl_r2_family_unless_pmay',
    'HL_PROPERTY',
    { type: 'GROUP', key: 'family_details' },
    {
      operator: 'OR',
      list: [
        { field: 'pmay_eligible', operator: 'EQUAL', value: false },
        { field: 'pmay_eligible', operator: 'IS_EMPTY' },
      ],
    },
  ),
  rule('hl_r3_builder_hidden', 'HL_PROPERTY', { type: 'GROUP', key: 'builder_details' }),
  // The bank looks the CKYC number up itself for now: the field stays configured but hidden.
  rule('hl_r14_ckyc_hidden', 'HL_KYC', { type: 'FIELD', key: 'ckyc_number' }),
  rule(
    'hl_r4_spouse',
    'HL_PERSONAL',
    { type: 'FIELD', key: 'spouse_name' },
    {
      operator: 'OR',
      list: [
        { field: 'marital_status', operator: 'EQUAL', value: 'single' },
        { field: 'marital_status', operator: 'IS_EMPTY' },
      ],
    },
  ),
  rule(
    'hl_r5_interpreter',
    'HL_PERSONAL',
    { type: 'FIELD', key: 'translator_needed' },
    { operator: 'OR', list: [{ field: 'languages', operator: 'CONTAINS', value: 'en' }] },
  ),
  rule(
    'hl_r6_nri_country',
    'HL_PERSONAL',
    { type: 'FIELD', key: 'nri_country' },
    { operator: 'AND', list: [{ field: 'residential_status', operator: 'NOT_EQUAL', value: 'nri' }] },
  ),
  rule(
    'hl_r7_gov_email',
    'HL_PERSONAL',
    { type: 'FIELD', key: 'email_otp' },
    { operator: 'AND', list: [{ field: 'email', operator: 'ENDS_WITH', value: '.gov.in' }] },
  ),
  rule(
    'hl_r8_form60',
    'HL_KYC',
    { type: 'FIELD', key: 'form_60' },
    { operator: 'AND', list: [{ field: 'pan', operator: 'IS_NOT_EMPTY' }] },
  ),
  rule(
    'hl_r9_employer',
    'HL_INCOME',
    { type: 'FIELD', key: 'employer_name' },
    { operator: 'AND', list: [{ field: 'employment_type', operator: 'EQUAL', value: 'self_employed' }] },
  ),
  rule(
    'hl_r10_business',
    'HL_INCOME',
    { type: 'FIELD', key: 'business_name' },
    { operator: 'AND', list: [{ field: 'employment_type', operator: 'NOT_EQUAL', value: 'self_employed' }] },
  ),
  rule(
    'hl_r11_other_income_source',
    'HL_INCOME',
    { type: 'FIELD', key: 'other_income_source' },
    {
      operator: 'OR',
      list: [
        { field: 'other_income', operator: 'IS_EMPTY' },
        { field: 'other_income', operator: 'LESS_THAN_OR_EQUAL', value: 0 },
      ],
    },
  ),
  rule(
    'hl_r12_itr_for_high_income',
    'HL_INCOME',
    { type: 'FIELD', key: 'last_itr_date' },
    {
      operator: 'AND',
      list: [
        { field: 'monthly_income', operator: 'LESS_THAN', value: 25000 },
        { field: 'employment_type', operator: 'EQUAL', value: 'salaried' },
      ],
    },
  ),
  rule(
    'hl_r13_emi_out_of_range',
    'HL_LOAN_DETAILS',
    { type: 'FIELD', key: 'emi_estimate' },
    {
      operator: 'OR',
      list: [
        { field: 'loan_amount', operator: 'GREATER_THAN', value: 50000000 },
        { field: 'tenure_years', operator: 'GREATER_THAN_OR_EQUAL', value: 31 },
      ],
    },
  ),
];
