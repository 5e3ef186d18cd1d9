// The seeded personal loan (PL, flow 'personal_loan', no captcha): the applicant says whether they
// are an existing customer (radio 'customer_type', existing or new: the portal sends it as
// existing_or_new_customer); existing customers verify an OTP to their registered mobile and see
// their pre-approved offer, new customers give KYC; a custom page and a summary.
import { type ComponentConfig, DEFAULT_FLOW_VERSION, type FlowConfig, type PageRule } from '@originate/contract';
import { amount, auto, currentAddress, custom, field, heading, limitedAmount, row } from './build';

export const PERSONAL_LOAN_FLOW: FlowConfig = {
  flowId: 'personal_loan',
  verNum: DEFAULT_FLOW_VERSION,
  flowName: 'Personal Loan Application',
  product_code: 'PL',
  product_name: 'Personal Loan',
  flow_type: 'CUST_FLOW',
  maximumJointApplicants: 0,
  enableMultipleCoApplicant: false,
  mandatoryValidations: true,
  captcha: false,
  sections: [
    {
      section_id: 'pl_customer',
      display_name: 'About you',
      route_info: 'customer',
      sub_sections: [
        {
          sub_section_id: 'pl_customer_type',
          display_name: 'Customer type',
          route_info: 'customer-type',
          componentId: 'PL_CUSTOMER_TYPE',
        },
        {
          sub_section_id: 'pl_existing_otp',
          display_name: 'Verify your registered mobile',
          route_info: 'existing-otp',
          componentId: 'PL_EXISTING_OTP',
          existingCustomerOtp: true,
        },
      ],
    },
    {
      section_id: 'pl_details',
      display_name: 'Loan details',
      route_info: 'details',
      sub_sections: [
        {
          sub_section_id: 'pl_kyc',
          display_name: 'Identity (KYC)',
          route_info: 'kyc',
          componentId: 'PL_KYC',
          skipForExistingCustomer: true,
        },
        {
          sub_section_id: 'pl_preapproved',
          display_name: 'Your pre-approved offer',
          route_info: 'offer',
          componentId: 'PL_PREAPPROVED',
          skipForNewCustomer: true,
        },
        // Every applicant, new or existing: the letters are addressed to where they live now.
        {
          sub_section_id: 'pl_address',
          display_name: 'Current address',
          route_info: 'address',
          componentId: 'PL_ADDRESS',
        },
        { sub_section_id: 'pl_loan', display_name: 'Loan', route_info: 'loan', componentId: 'PL_LOAN' },
      ],
    },
    {
      section_id: 'pl_verification',
      display_name: 'Verification',
      route_info: 'verification',
      isSingle: true,
      sub_sections: [
        {
          sub_section_id: 'pl_custom_page',
          display_name: 'Video KYC consent',
          route_info: 'capture_1',
          componentId: 'PL_CUSTOM',
          customPage: true,
        },
      ],
    },
    {
      section_id: 'pl_review',
      display_name: 'Review',
      route_info: 'review',
      sub_sections: [
        {
          sub_section_id: 'pl_summary',
          display_name: 'Summary',
          route_info: 'summary',
          componentId: 'PL_SUMMARY',
          summary: true,
        },
      ],
    },
  ],
};

export const PERSONAL_LOAN_COMPONENTS: ComponentConfig[] = [
  {
    componentId: 'PL_CUSTOMER_TYPE',
    display_name: 'Customer type',
    fields: [
      field('customer_type', 'Are you an existing customer?', 'radio', {
        property: 'CUSTOMER_TYPE',
        property_type: 'RADIO',
        defaultValue: 'new',
        mandatory: true,
      }),
      field('pl_full_name', 'Full name', 'text', { mandatory: true, regex: "^[A-Za-z][A-Za-z .'-]{1,99}$" }),
      field('pl_mobile', 'Mobile number', 'text', { mandatory: true, regex: '^[6-9][0-9]{9}$' }),
    ],
  },
  {
    componentId: 'PL_EXISTING_OTP',
    display_name: 'Verify your registered mobile',
    fields: [
      heading('pl_otp_heading', 'We sent a code to your registered mobile number'),
      field('registered_mobile_otp', 'One time password', 'otp', {
        otp_channel: 'SMS',
        recipient_field: 'pl_mobile',
        mandatory: true,
        verification_field: true,
      }),
    ],
  },
  {
    componentId: 'PL_KYC',
    display_name: 'Identity (KYC)',
    fields: [
      field(
        'pl_pan',
        'PAN',
        'text',
        { mandatory: true, regex: '^[A-Z]{5}[0-9]{4}[A-Z]$' },
        { microflow: { id: 'pan_verify', trigger: 'button', label: 'Verify PAN' } },
      ),
      field('pl_dob', 'Date of birth', 'date', {
        property: 'BETWEEN_AGE',
        min_value: 21,
        max_value: 60,
        mandatory: true,
      }),
      field('pl_id_proof', 'ID proof', 'file_upload', { accept: ['image', 'pdf'], mandatory: true }),
    ],
  },
  {
    componentId: 'PL_PREAPPROVED',
    display_name: 'Your pre-approved offer',
    fields: [
      heading('pl_offer_heading', 'You are pre-approved for a personal loan'),
      field('pl_customer_id', 'Customer ID', 'text', { mandatory: true, regex: '^CUST[0-9]{6}$' }),
    ],
  },
  {
    componentId: 'PL_ADDRESS',
    display_name: 'Current address',
    fields: currentAddress('pl_'),
    layout: [
      row('pl_address_row1', [
        { size: custom(50), keys: ['pl_address_line1'] },
        { size: custom(50), keys: ['pl_address_line2'] },
      ]),
      row('pl_address_row2', [
        { size: auto, keys: ['pl_city'] },
        { size: auto, keys: ['pl_state'] },
        { size: auto, keys: ['pl_pincode'] },
      ]),
      row('pl_address_row3', [{ size: auto, keys: ['pl_years_at_address'] }]),
    ],
  },
  {
    componentId: 'PL_LOAN',
    display_name: 'Loan',
    fields: [
      limitedAmount('pl_loan_amount', 'Loan amount'),
      field('pl_tenure_months', 'Tenure (months)', 'slider', { mandatory: true }),
      // The EMI and schedule at the product's rate, the letters' too: the server serves it as rate_percent
      // (configs/product-limits.ts). The decision prices by bureau score later.
      field('pl_emi_estimate', 'Your EMI (indicative)', 'text', {
        currency_field: true,
        currency: 'INR',
        loan_calculator: {
          amount_field: 'pl_loan_amount',
          tenure_field: 'pl_tenure_months',
          tenure_unit: 'MONTHS',
        },
      }),
      field('pl_purpose', 'Purpose', 'dropdown', {
        property: 'PL_PURPOSE',
        property_type: 'DROPDOWN',
        mandatory: true,
      }),
      amount('pl_monthly_income', 'Monthly income', 15000, 10000000, true),
      field('pl_other_purpose', 'Describe the purpose', 'textarea', { mandatory: true }),
    ],
  },
  {
    componentId: 'PL_CUSTOM',
    display_name: 'Video KYC consent',
    fields: [
      heading('pl_vkyc_heading', 'A video KYC call completes your verification'),
      field('pl_vkyc_consent', 'I agree to a recorded video KYC call', 'checkbox', { mandatory: true }),
    ],
  },
  {
    componentId: 'PL_SUMMARY',
    display_name: 'Summary',
    fields: [
      heading('pl_summary_heading', 'Check your application before you submit'),
      heading('pl_sanction_preview', 'Indicative sanction letter', {
        microflow: { id: 'sanction_preview', trigger: 'button', label: 'Preview sanction letter' },
      }),
    ],
  },
];

export const PERSONAL_LOAN_RULES: PageRule[] = [
  {
    rule_id: 'pl_r1_other_purpose',
    componentId: 'PL_LOAN',
    action: 'HIDE',
    target: { type: 'FIELD', key: 'pl_other_purpose' },
    conditions: { operator: 'OR', list: [{ field: 'pl_purpose', operator: 'NOT_EQUAL', value: 'other' }] },
  },
];
