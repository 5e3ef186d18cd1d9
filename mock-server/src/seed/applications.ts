// Deterministic demo loan applications: the same ids, people, amounts and stages on every machine.
import { DEFAULT_FLOW_VERSION, type Team } from '@originate/contract';
import { FLOWS } from './flows';
import { userById } from './people';

interface SeedTask {
  taskId: string;
  name: string;
  stepName: string;
  stepNumber: number;
  type: 'APPVD' | 'CUST_FLOW' | 'APPLICATION_SUMMARY';
  progress: 'In Progress' | 'Pending' | 'Completed';
  assignedTo: string | null;
  assignedTeam: Team[];
  allowedUsers: string[];
  startTime: Date;
  endTime: Date | null;
}

export interface SeedApplication {
  applicationId: string;
  productCode: string;
  productName: string;
  status: 'ACTIVE' | 'COMPLETED' | 'REJECTED';
  stage: string;
  loanAmount: number;
  applicant: Record<string, Record<string, unknown>>;
  doc: Record<string, unknown>;
  creTime: Date;
  modTime: Date;
  tasks: SeedTask[];
}

/** mulberry32: a tiny seeded PRNG, so the demo data never changes between runs. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How the generated applications spread: drawn inside each product's limits (seed/flows PRODUCTS), which bound what is entered. */
const PRODUCTS = [
  { code: 'PL', name: 'Personal Loan', min: 100000, max: 2500000, step: 5000, tenure: [12, 60], rate: [10.5, 16] },
  { code: 'HL', name: 'Home Loan', min: 2500000, max: 15000000, step: 50000, tenure: [120, 300], rate: [8.4, 9.9] },
  { code: 'CL', name: 'Car Loan', min: 300000, max: 2000000, step: 10000, tenure: [36, 84], rate: [8.9, 11] },
] as const;

export const FIRST_NAMES = [
  'Aarav',
  'Ishita',
  'Rohan',
  'Kavya',
  'Siddharth',
  'Neha',
  'Aditya',
  'Pooja',
  'Manish',
  'Divya',
  'Suresh',
  'Lakshmi',
  'Harish',
  'Anjali',
  'Nikhil',
  'Swati',
  'Gaurav',
  'Farah',
];
export const LAST_NAMES = [
  'Patel',
  'Reddy',
  'Iyer',
  'Deshpande',
  'Gupta',
  'Banerjee',
  'Joshi',
  'Menon',
  'Chopra',
  'Rao',
  'Pillai',
  'Kapoor',
  'Shetty',
  'Bhat',
  'Khan',
  'Sinha',
];
const CITIES = ['Mumbai', 'Thane', 'Navi Mumbai', 'Pune', 'Nashik', 'Nagpur'];
/** A real PIN code of each of CITIES (all in Maharashtra), for the applicants' current addresses. */
const CITY_PINCODES: Record<string, string> = {
  Mumbai: '400050',
  Thane: '400601',
  'Navi Mumbai': '400703',
  Pune: '411001',
  Nashik: '422001',
  Nagpur: '440001',
};
const STREETS = [
  ['Flat 304, Sai Darshan, 16th Road', 'Near Khar station'],
  ['B-12, Gulmohar Co-op Housing Society', 'Station Road'],
  ['702, Lakeview Towers, Link Road', ''],
  ['House 21, Shanti Niwas, MG Road', 'Opposite Ganesh Mandir'],
] as const;
const EMPLOYMENT = ['Salaried', 'Self-employed professional', 'Self-employed business'];
/** The EMPLOYMENT_TYPE radio value of each EMPLOYMENT entry (seed/flows option lists). */
const EMPLOYMENT_TYPE: Record<string, string> = {
  Salaried: 'salaried',
  'Self-employed professional': 'self_employed',
  'Self-employed business': 'self_employed',
};
/** Values of the PL_PURPOSE and HL_LOAN_PURPOSE dropdowns ('other' left out: it asks for a description). */
export const PL_PURPOSES = ['medical', 'education', 'travel', 'wedding', 'home_improvement', 'debt_consolidation'];
export const HL_PURPOSES = ['purchase', 'construction', 'plot_purchase', 'renovation'];
/** Cars of the CAR_MAKE dropdown: [make value, model]. */
export const CARS: readonly (readonly [string, string])[] = [
  ['maruti_suzuki', 'Swift VXi'],
  ['hyundai', 'Creta SX'],
  ['tata', 'Nexon XZ+'],
  ['mahindra', 'XUV700 AX5'],
  ['kia', 'Seltos HTX'],
  ['toyota', 'Innova Crysta GX'],
  ['honda', 'City V'],
];
const SOURCES = ['BRANCH', 'DSA', 'WEB'];

const STEPS = [
  { stepName: 'Application Capture', name: 'Capture Applicant Details', type: 'CUST_FLOW' },
  { stepName: 'Document Verification', name: 'Verify KYC Documents', type: 'APPVD' },
  { stepName: 'Credit Assessment', name: 'Assess Credit', type: 'APPVD' },
  { stepName: 'Sanction', name: 'Sanction Approval', type: 'APPLICATION_SUMMARY' },
] as const;

const MUMBAI_RETAIL: Team[] = [
  { type: 'HIERARCHY', id: 'TEAM-MUM-WEST' },
  { type: 'DEPT', id: 'TEAM-RETAIL-LENDING' },
];
// The Pune branch queue names its branch only: one matching team gives access (shared inTaskTeam), so a
// shared department would open it to every Retail Lending officer.
const PUNE_RETAIL: Team[] = [{ type: 'HIERARCHY', id: 'TEAM-PUNE-CENTRAL' }];
const WEST_CREDIT: Team[] = [
  { type: 'HIERARCHY', id: 'TEAM-WEST-REGION' },
  { type: 'DEPT', id: 'TEAM-CREDIT-APPROVALS' },
];

/**
 * Who holds the current task, by application index modulo 6: the officer, the officer's team queue
 * (unassigned), the team lead, the Pune branch queue (outside the demo officer's teams), the approver at
 * sanction, and the officer with the approver as an allowed user.
 */
const HOLDERS = [
  { assignedTo: 'USR-1001', team: MUMBAI_RETAIL, allowed: [] },
  { assignedTo: null, team: MUMBAI_RETAIL, allowed: [] },
  { assignedTo: 'USR-1002', team: MUMBAI_RETAIL, allowed: [] },
  { assignedTo: null, team: PUNE_RETAIL, allowed: [] },
  { assignedTo: 'USR-1003', team: WEST_CREDIT, allowed: [] },
  { assignedTo: 'USR-1001', team: MUMBAI_RETAIL, allowed: ['USR-1003'] },
] as const;

/** The flow a product's applications are made with (seed/flows). */
function flowOf(code: string): { flowId: string; flowName: string } {
  const flow = FLOWS.find((f) => f.product_code === code);
  if (!flow) throw new Error(`no seeded flow for product ${code}`);
  return { flowId: flow.flowId, flowName: flow.flowName };
}

/** A date of birth from the application's number (no PRNG draw, so every other seeded value stays put): ages 28–56. */
const seedDob = (i: number) =>
  `${String(1 + ((i * 7) % 28)).padStart(2, '0')}/${String(1 + ((i * 5) % 12)).padStart(2, '0')}/${1970 + ((i * 11) % 28)}`;

/**
 * A person's PAN from the application's number and the applicant's surname (no PRNG draw either): the fourth
 * letter P (an individual), the fifth the surname's initial, as the Income Tax Department issues them.
 */
const seedPan = (i: number, fullName: string) => {
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  const initial = (fullName.trim().split(/\s+/).at(-1) ?? 'X').charAt(0).toUpperCase();
  return `${letter(i * 7 + 1)}${letter(i * 3 + 5)}${letter(i + 11)}P${initial}${String(1001 + ((i * 373) % 8998))}${letter(i * 5 + 2)}`;
};

interface Applicant {
  fullName: string;
  mobile: string;
  email: string;
  city: string;
  employmentType: string;
  monthlyIncome: number;
  loanAmount: number;
  tenureMonths: number;
  interestRate: number;
  existingOrNew: string;
}

/** The applicant's current address under a flow's key prefix (seed/flows/build.ts currentAddress). */
function addressValues(prefix: string, i: number, city: string): Record<string, unknown> {
  const [line1, line2] = STREETS[i % STREETS.length] as (typeof STREETS)[number];
  return {
    [`${prefix}address_line1`]: line1,
    ...(line2 ? { [`${prefix}address_line2`]: line2 } : {}),
    [`${prefix}city`]: city,
    [`${prefix}state`]: 'Maharashtra',
    [`${prefix}pincode`]: CITY_PINCODES[city] ?? '400001',
    [`${prefix}years_at_address`]: 1 + ((i * 3) % 12),
  };
}

/** The applicant's data under the product flow's own field keys, in the formats its field types take. */
function formValues(code: string, i: number, a: Applicant): Record<string, unknown> {
  if (code === 'PL') {
    return {
      customer_type: a.existingOrNew,
      pl_full_name: a.fullName,
      pl_mobile: a.mobile,
      pl_dob: seedDob(i),
      ...addressValues('pl_', i, a.city),
      pl_loan_amount: String(a.loanAmount),
      pl_tenure_months: a.tenureMonths,
      pl_purpose: PL_PURPOSES[i % PL_PURPOSES.length],
      pl_monthly_income: String(a.monthlyIncome),
    };
  }
  if (code === 'HL') {
    return {
      loan_purpose: HL_PURPOSES[i % HL_PURPOSES.length],
      loan_amount: String(a.loanAmount),
      interest_rate: String(a.interestRate),
      tenure_years: a.tenureMonths / 12,
      property_city: a.city,
      full_name: a.fullName,
      dob: seedDob(i),
      pan: seedPan(i, a.fullName),
      email: a.email,
      mobile: a.mobile,
      ...addressValues('current_', i, a.city),
      employment_type: a.employmentType,
      monthly_income: String(a.monthlyIncome),
    };
  }
  const [make, model] = CARS[i % CARS.length] as readonly [string, string];
  // A quarter of the on-road price paid down, in whole ₹10,000s: the loan covers the rest.
  const downPayment = Math.round(a.loanAmount / 3 / 10000) * 10000;
  return {
    cl_full_name: a.fullName,
    cl_dob: seedDob(i),
    cl_mobile: a.mobile,
    cl_email: a.email,
    ...addressValues('cl_', i, a.city),
    cl_employment_type: a.employmentType,
    cl_monthly_income: String(a.monthlyIncome),
    cl_vehicle_make: make,
    cl_vehicle_model: model,
    cl_on_road_price: String(a.loanAmount + downPayment),
    cl_down_payment: String(downPayment),
    cl_loan_amount: String(a.loanAmount),
    cl_tenure_months: a.tenureMonths,
  };
}

/** The anchor of every seeded timestamp (fixed, so the seed is deterministic). */
export const SEED_ANCHOR = new Date('2026-11-02T04:30:00.000Z');
const HOUR = 3_600_000;

const DEMO_APPLICATION_COUNT = 36;

export function demoApplications(count = DEMO_APPLICATION_COUNT): SeedApplication[] {
  const random = prng(20260101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const apps: SeedApplication[] = [];
  for (let i = 0; i < count; i++) {
    const product = PRODUCTS[i % PRODUCTS.length] as (typeof PRODUCTS)[number];
    const applicationId = `${product.code}-2026-${String(101 + i).padStart(6, '0')}`;
    const holder = HOLDERS[i % HOLDERS.length] as (typeof HOLDERS)[number];
    const completed = i % 12 === 11;
    const rejected = i % 17 === 16;
    const current = holder.assignedTo === 'USR-1003' ? 3 : 1 + Math.floor(random() * 2);
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const city = pick(CITIES);
    const loanAmount = Math.round(between(product.min, product.max) / product.step) * product.step;
    const mobile = `9${String(Math.floor(between(100000000, 999999999)))}`;
    const employmentType = pick(EMPLOYMENT);
    const monthlyIncome = Math.round(between(35000, 450000) / 1000) * 1000;
    const source = pick(SOURCES); // drawn in this order since the seed began: the same people on every machine
    const tenureMonths = Math.round(between(product.tenure[0], product.tenure[1]) / 12) * 12;
    const interestRate = Math.round(between(product.rate[0], product.rate[1]) * 100) / 100;
    const existingOrNew = i % 3 === 0 ? 'existing' : 'new';
    const email = `${firstName}.${lastName}${i}@example.in`.toLowerCase();
    const creTime = new Date(SEED_ANCHOR.getTime() - (count - i) * 18 * HOUR);
    // Earlier steps were worked in the application's own branch.
    const branchTeam = holder.team === PUNE_RETAIL ? PUNE_RETAIL : MUMBAI_RETAIL;
    const initiator = userById(i % 2 === 0 ? 'USR-1001' : 'USR-1002');

    const tasks: SeedTask[] = STEPS.slice(0, completed ? STEPS.length : current + 1).map((step, n) => {
      const done = completed || n < current;
      const start = new Date(creTime.getTime() + n * 6 * HOUR);
      return {
        taskId: `TSK-${applicationId}-${n + 1}`,
        name: step.name,
        stepName: step.stepName,
        stepNumber: n + 1,
        type: step.type,
        progress: done ? 'Completed' : holder.assignedTo ? 'In Progress' : 'Pending',
        assignedTo: done ? (n === 3 ? 'USR-1003' : initiator.userid) : holder.assignedTo,
        assignedTeam: [...(n === 3 ? WEST_CREDIT : done ? branchTeam : holder.team)],
        allowedUsers: done ? [] : [...holder.allowed],
        startTime: start,
        endTime: done ? new Date(start.getTime() + 5 * HOUR) : null,
      };
    });
    const last = tasks[tasks.length - 1] as SeedTask;
    apps.push({
      applicationId,
      productCode: product.code,
      productName: product.name,
      status: completed ? 'COMPLETED' : rejected ? 'REJECTED' : 'ACTIVE',
      stage: completed ? 'Closed' : last.stepName,
      loanAmount,
      applicant: {
        primary: {
          firstName,
          lastName,
          fullName: `${firstName} ${lastName}`,
          mobile,
          email,
          city,
          employmentType,
          monthlyIncome,
        },
      },
      doc: {
        product_type_code: 'RETAIL',
        singleORjoint: product.code === 'HL' && i % 2 === 1 ? 'joint' : 'single',
        existing_or_new_customer: existingOrNew,
        source_id: source,
        ...flowOf(product.code),
        verNum: DEFAULT_FLOW_VERSION,
        ver_num: DEFAULT_FLOW_VERSION,
        _deviceType: i % 4 === 0 ? 'MOBILE' : 'DESKTOP',
        initiatedBy: {
          id: initiator.userid,
          username: initiator.username,
          displayName: `${initiator.firstName} ${initiator.lastName}`,
        },
        customFields: formValues(product.code, i, {
          fullName: `${firstName} ${lastName}`,
          mobile,
          email,
          city,
          employmentType: EMPLOYMENT_TYPE[employmentType] ?? 'salaried',
          monthlyIncome,
          loanAmount,
          tenureMonths,
          interestRate,
          existingOrNew,
        }),
        sectionsCompleted: tasks.filter((t) => t.progress === 'Completed').map((t) => t.stepName),
      },
      creTime,
      modTime: last.endTime ?? last.startTime,
      tasks,
    });
  }
  return apps;
}
