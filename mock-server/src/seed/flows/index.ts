// The customer-flow configuration every installation starts with (README "Seeds"): the home, personal
// and car loan products, their flows (SAVED and DRAFT), components, page rules, option lists, the
// Hindi labels and the pincode table of the pincode_lookup microflow. Each value passes its contract
// schema on the way in (modules/configs/flow-store). Applied when FLOW_SEED_VERSION changes, so later
// edits survive restarts until the seed itself changes.
import type { FieldOptions, ProductConfig } from '@originate/contract';
import type { Db } from '../../db';
import {
  saveComponentConfig,
  saveFieldOptions,
  saveFlowConfig,
  savePageRules,
  saveProduct,
  saveTranslations,
} from '../../modules/configs';
import { CAR_LOAN_COMPONENTS, CAR_LOAN_FLOW, CAR_LOAN_RULES } from './car-loan';
import { HOME_LOAN_COMPONENTS, HOME_LOAN_FLOW, HOME_LOAN_RULES } from './home-loan';
import { PERSONAL_LOAN_COMPONENTS, PERSONAL_LOAN_FLOW, PERSONAL_LOAN_RULES } from './personal-loan';

const FLOW_SEED_VERSION = '7';

/**
 * Versions the bank released before DEFAULT_FLOW_VERSION: the generated applications (seed/bank.ts) were
 * made with them, so each is saved with the same sections and rules and their forms open.
 */
const RELEASED_VERSIONS = [241, 242];

/** New applications land in the Mumbai West retail queue (demo teams; an empty queue leaves them to ALL_APPLICATIONS_*). */
const RETAIL_QUEUE: ProductConfig['queue'] = [
  { type: 'HIERARCHY', id: 'TEAM-MUM-WEST' },
  { type: 'DEPT', id: 'TEAM-RETAIL-LENDING' },
];

export const PRODUCTS: ProductConfig[] = [
  {
    product_code: 'HL',
    product_name: 'Home Loan',
    description: 'Buy, build or renovate your home, with PMAY interest subsidy where eligible.',
    flowId: HOME_LOAN_FLOW.flowId,
    verNum: HOME_LOAN_FLOW.verNum,
    captcha: true,
    queue: RETAIL_QUEUE,
    pmay: true,
    limits: {
      amount: { field: 'loan_amount', min: 500000, max: 50000000 },
      tenure: { field: 'tenure_years', min: 5, max: 30, unit: 'years' },
      rate: { field: 'interest_rate', min: 6, max: 15 },
      ratePercent: 8.75,
    },
    // The home loan's own keys: its gender and loan purpose options are not PMAY's values, so those stay unmapped.
    leadFields: {
      fullName: 'full_name',
      mobile: 'mobile',
      email: 'email',
      loanAmount: 'loan_amount',
      pmayApplicable: 'pmay_eligible',
      pmayAnnualIncome: 'household_income',
      pmayPropertyPincode: 'property_pincode',
    },
  },
  {
    product_code: 'PL',
    product_name: 'Personal Loan',
    description: 'Up to ₹25 lakh for any purpose; instant offers for existing customers.',
    flowId: PERSONAL_LOAN_FLOW.flowId,
    verNum: PERSONAL_LOAN_FLOW.verNum,
    captcha: false,
    queue: RETAIL_QUEUE,
    leadFields: { fullName: 'pl_full_name', mobile: 'pl_mobile', loanAmount: 'pl_loan_amount' },
    limits: {
      amount: { field: 'pl_loan_amount', min: 50000, max: 2500000 },
      tenure: { field: 'pl_tenure_months', min: 12, max: 60, unit: 'months' },
      ratePercent: 11.49,
    },
  },
  {
    product_code: 'CL',
    product_name: 'Car Loan',
    description: 'Finance up to 90% of the on-road price of a new car, for up to 7 years.',
    flowId: CAR_LOAN_FLOW.flowId,
    verNum: CAR_LOAN_FLOW.verNum,
    captcha: false,
    queue: RETAIL_QUEUE,
    leadFields: {
      fullName: 'cl_full_name',
      mobile: 'cl_mobile',
      email: 'cl_email',
      city: 'cl_city',
      loanAmount: 'cl_loan_amount',
    },
    limits: {
      amount: { field: 'cl_loan_amount', min: 100000, max: 5000000 },
      tenure: { field: 'cl_tenure_months', min: 12, max: 84, unit: 'months' },
      ratePercent: 9.25,
    },
  },
];

export const FLOWS = [HOME_LOAN_FLOW, PERSONAL_LOAN_FLOW, CAR_LOAN_FLOW];
export const COMPONENTS = [...HOME_LOAN_COMPONENTS, ...PERSONAL_LOAN_COMPONENTS, ...CAR_LOAN_COMPONENTS];
export const RULES = { home_loan: HOME_LOAN_RULES, personal_loan: PERSONAL_LOAN_RULES, car_loan: CAR_LOAN_RULES };

/**
 * India's 28 states and 8 union territories in one alphabetical list (an applicant looks for a name, not for
 * its kind). A value is the name itself: what a letter prints and what pincode_lookup answers.
 */
const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
];

const options = (
  property_type: FieldOptions['property_type'],
  property: string,
  pairs: [string, string][],
): FieldOptions => ({ property_type, property, values: pairs.map(([value, label]) => ({ label, value })) });

export const FIELD_OPTIONS: FieldOptions[] = [
  options('DROPDOWN', 'HL_LOAN_PURPOSE', [
    ['purchase', 'Buy a ready home'],
    ['construction', 'Build a home'],
    ['plot_purchase', 'Buy a plot'],
    ['renovation', 'Renovate or extend'],
    ['balance_transfer', 'Transfer an existing loan'],
  ]),
  options('DROPDOWN', 'PMAY_CATEGORY', [
    ['ews', 'EWS (income up to ₹3 lakh)'],
    ['lig', 'LIG (₹3–6 lakh)'],
    ['mig1', 'MIG-I (₹6–12 lakh)'],
    ['mig2', 'MIG-II (₹12–18 lakh)'],
  ]),
  options('DROPDOWN', 'MARITAL_STATUS', [
    ['single', 'Single'],
    ['married', 'Married'],
    ['divorced', 'Divorced'],
    ['widowed', 'Widowed'],
  ]),
  options('DROPDOWN', 'LANGUAGES', [
    ['en', 'English'],
    ['hi', 'Hindi'],
    ['mr', 'Marathi'],
    ['ta', 'Tamil'],
    ['te', 'Telugu'],
    ['bn', 'Bengali'],
    ['gu', 'Gujarati'],
    ['kn', 'Kannada'],
  ]),
  options('DROPDOWN', 'RELATIONSHIP', [
    ['spouse', 'Spouse'],
    ['parent', 'Parent'],
    ['sibling', 'Sibling'],
    ['child', 'Child'],
    ['other', 'Other'],
  ]),
  options('DROPDOWN', 'PL_PURPOSE', [
    ['medical', 'Medical'],
    ['education', 'Education'],
    ['travel', 'Travel'],
    ['wedding', 'Wedding'],
    ['home_improvement', 'Home improvement'],
    ['debt_consolidation', 'Debt consolidation'],
    ['other', 'Other'],
  ]),
  options('DROPDOWN', 'CAR_MAKE', [
    ['maruti_suzuki', 'Maruti Suzuki'],
    ['hyundai', 'Hyundai'],
    ['tata', 'Tata Motors'],
    ['mahindra', 'Mahindra'],
    ['kia', 'Kia'],
    ['toyota', 'Toyota'],
    ['honda', 'Honda'],
  ]),
  options(
    'DROPDOWN',
    'INDIAN_STATES',
    INDIAN_STATES.map((name) => [name, name]),
  ),
  options('RADIO', 'GENDER', [
    ['female', 'Female'],
    ['male', 'Male'],
    ['other', 'Other'],
  ]),
  options('RADIO', 'RESIDENTIAL_STATUS', [
    ['resident', 'Resident Indian'],
    ['nri', 'Non-resident Indian'],
  ]),
  options('RADIO', 'EMPLOYMENT_TYPE', [
    ['salaried', 'Salaried'],
    ['self_employed', 'Self-employed'],
    ['retired', 'Retired'],
  ]),
  options('RADIO', 'CUSTOMER_TYPE', [
    ['existing', 'Yes, I bank with you'],
    ['new', 'No, I am new'],
  ]),
];

/** Hindi labels of the home loan (MultiLingual on: componentsConfigs?lang=hi and translate?lang=hi). */
const TRANSLATIONS: Record<string, Record<string, string>> = {
  hi: {
    'Loan & Property': 'ऋण और संपत्ति',
    'Personal Details': 'व्यक्तिगत विवरण',
    Income: 'आय',
    Documents: 'दस्तावेज़',
    Declaration: 'घोषणा',
    'Loan purpose': 'ऋण का उद्देश्य',
    'Loan amount': 'ऋण राशि',
    'Tenure (years)': 'अवधि (वर्ष)',
    'Property value': 'संपत्ति का मूल्य',
    Pincode: 'पिनकोड',
    City: 'शहर',
    State: 'राज्य',
    'Your current address': 'आपका वर्तमान पता',
    'Address line 1': 'पता पंक्ति 1',
    'Address line 2': 'पता पंक्ति 2',
    'PIN code': 'पिन कोड',
    'Years at this address': 'इस पते पर कितने वर्ष',
    'Full name': 'पूरा नाम',
    'Date of birth': 'जन्म तिथि',
    Gender: 'लिंग',
    Email: 'ईमेल',
    'Mobile number': 'मोबाइल नंबर',
    'Monthly income': 'मासिक आय',
    'I agree': 'मैं सहमत हूँ',
    Signature: 'हस्ताक्षर',
  },
};

/** A few real pincodes (city and state as India Post lists them) for pincode_lookup. */
const PINCODES: [string, string, string][] = [
  ['400050', 'Mumbai', 'Maharashtra'],
  ['400001', 'Mumbai', 'Maharashtra'],
  ['411001', 'Pune', 'Maharashtra'],
  ['110001', 'New Delhi', 'Delhi'],
  ['560001', 'Bengaluru', 'Karnataka'],
  ['600001', 'Chennai', 'Tamil Nadu'],
  ['700001', 'Kolkata', 'West Bengal'],
  ['500001', 'Hyderabad', 'Telangana'],
  ['380001', 'Ahmedabad', 'Gujarat'],
  ['302001', 'Jaipur', 'Rajasthan'],
];

export async function seedFlows(db: Db, now: Date): Promise<boolean> {
  const seen = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'flow_seed'");
  if (seen[0]?.value === FLOW_SEED_VERSION) return false;
  await db.transaction(async (tx) => {
    for (const product of PRODUCTS) await saveProduct(tx, product, now);
    for (const flow of FLOWS) {
      await saveFlowConfig(tx, flow, 'SAVED', now);
      await saveFlowConfig(tx, flow, 'DRAFT', now);
    }
    for (const component of COMPONENTS) await saveComponentConfig(tx, component, now);
    for (const flow of FLOWS) {
      for (const verNum of RELEASED_VERSIONS) await saveFlowConfig(tx, { ...flow, verNum }, 'SAVED', now);
    }
    for (const [flowId, rules] of Object.entries(RULES)) {
      const flow = FLOWS.find((f) => f.flowId === flowId);
      if (!flow) continue;
      for (const verNum of [...RELEASED_VERSIONS, flow.verNum]) await savePageRules(tx, flowId, verNum, rules, now);
    }
    for (const list of FIELD_OPTIONS) await saveFieldOptions(tx, list);
    for (const [lang, map] of Object.entries(TRANSLATIONS)) await saveTranslations(tx, lang, map);
    for (const [pincode, city, state] of PINCODES) {
      await tx.query(
        'INSERT INTO pincodes (pincode, city, state) VALUES ($1, $2, $3) ON CONFLICT (pincode) DO UPDATE SET city = $2, state = $3',
        [pincode, city, state],
      );
    }
    await tx.query(
      "INSERT INTO meta (key, value) VALUES ('flow_seed', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
      [FLOW_SEED_VERSION],
    );
  });
  return true;
}
