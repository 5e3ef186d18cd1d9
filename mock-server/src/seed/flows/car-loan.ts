// The seeded car loan (CL, flow 'car_loan', no captcha): the applicant's details, the vehicle (make,
// model, on-road price, down payment), the loan asked for and a summary. Built like personal-loan.ts;
// the seeded Car Loan applications (seed/applications.ts, seed/bank.ts) open with it in the back office.
import { type ComponentConfig, DEFAULT_FLOW_VERSION, type FlowConfig, type PageRule } from '@originate/contract';
import { amount, currentAddress, field, heading, limitedAmount } from './build';

export const CAR_LOAN_FLOW: FlowConfig = {
  flowId: 'car_loan',
  verNum: DEFAULT_FLOW_VERSION,
  flowName: 'Car Loan Application',
  product_code: 'CL',
  product_name: 'Car Loan',
  flow_type: 'CUST_FLOW',
  maximumJointApplicants: 0,
  enableMultipleCoApplicant: false,
  mandatoryValidations: true,
  captcha: false,
  sections: [
    {
      section_id: 'cl_applicant',
      display_name: 'About you',
      route_info: 'applicant',
      sub_sections: [
        {
          sub_section_id: 'cl_personal',
          display_name: 'Your details',
          route_info: 'personal',
          componentId: 'CL_APPLICANT',
        },
        { sub_section_id: 'cl_income', display_name: 'Income', route_info: 'income', componentId: 'CL_INCOME' },
      ],
    },
    {
      section_id: 'cl_car',
      display_name: 'Car and loan',
      route_info: 'car',
      sub_sections: [
        { sub_section_id: 'cl_vehicle', display_name: 'Vehicle', route_info: 'vehicle', componentId: 'CL_VEHICLE' },
        { sub_section_id: 'cl_loan', display_name: 'Loan', route_info: 'loan', componentId: 'CL_LOAN' },
      ],
    },
    {
      section_id: 'cl_review',
      display_name: 'Review',
      route_info: 'review',
      sub_sections: [
        {
          sub_section_id: 'cl_summary',
          display_name: 'Summary',
          route_info: 'summary',
          componentId: 'CL_SUMMARY',
          summary: true,
        },
      ],
    },
  ],
};

export const CAR_LOAN_COMPONENTS: ComponentConfig[] = [
  {
    componentId: 'CL_APPLICANT',
    display_name: 'Your details',
    fields: [
      field('cl_full_name', 'Full name', 'text', { mandatory: true, regex: "^[A-Za-z][A-Za-z .'-]{1,99}$" }),
      field('cl_dob', 'Date of birth', 'date', {
        property: 'BETWEEN_AGE',
        min_value: 18,
        max_value: 65,
        mandatory: true,
        date_format: 'DD/MM/YYYY',
      }),
      field('cl_mobile', 'Mobile number', 'text', { mandatory: true, regex: '^[6-9][0-9]{9}$' }),
      field('cl_email', 'Email', 'text', { mandatory: true, regex: '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$' }),
      heading('cl_address_heading', 'Your current address'),
      ...currentAddress('cl_'),
    ],
  },
  {
    componentId: 'CL_INCOME',
    display_name: 'Income',
    fields: [
      field('cl_employment_type', 'Employment type', 'radio', {
        property: 'EMPLOYMENT_TYPE',
        property_type: 'RADIO',
        defaultValue: 'salaried',
        mandatory: true,
      }),
      field('cl_employer_name', 'Employer', 'text', { mandatory: true }),
      amount('cl_monthly_income', 'Monthly income', 15000, 10000000, true),
    ],
  },
  {
    componentId: 'CL_VEHICLE',
    display_name: 'Vehicle',
    fields: [
      field('cl_vehicle_make', 'Make', 'dropdown', {
        property: 'CAR_MAKE',
        property_type: 'DROPDOWN',
        mandatory: true,
      }),
      field('cl_vehicle_model', 'Model', 'text', { mandatory: true }),
      amount('cl_on_road_price', 'On-road price', 300000, 10000000, true),
      amount('cl_down_payment', 'Down payment', 0, 10000000, true),
    ],
  },
  {
    componentId: 'CL_LOAN',
    display_name: 'Loan',
    fields: [
      limitedAmount('cl_loan_amount', 'Loan amount'),
      field('cl_tenure_months', 'Tenure (months)', 'slider', { mandatory: true }),
    ],
  },
  {
    componentId: 'CL_SUMMARY',
    display_name: 'Summary',
    fields: [heading('cl_summary_heading', 'Check your application before you submit')],
  },
];

export const CAR_LOAN_RULES: PageRule[] = [
  {
    rule_id: 'cl_r1_employer',
    componentId: 'CL_INCOME',
    action: 'HIDE',
    target: { type: 'FIELD', key: 'cl_employer_name' },
    conditions: {
      operator: 'OR',
      list: [{ field: 'cl_employment_type', operator: 'NOT_EQUAL', value: 'salaried' }],
    },
  },
];
