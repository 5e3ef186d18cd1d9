// A generated 500-field flow for the benchmarks (engine here, Chromium in e2e): one screen holding
// every field type, 40 page rules and 20 formulas that hang off one "driver" field, and a 50-row
// table with totals. Deterministic: the same arguments give the same configuration.
import type {
  ComponentConfig,
  FieldConfig,
  FieldOptions,
  FieldTypeDetails,
  FlowConfig,
  FormValues,
  PageRule,
} from '@originate/contract';

export interface GeneratedFlow {
  flow: FlowConfig;
  components: ComponentConfig[];
  rules: PageRule[];
  /** Dropdown and radio options by property. */
  options: Record<string, FieldOptions['values']>;
  /** Saved values: every field filled, the table's rows included. */
  values: FormValues;
  /** The field that rules and formulas depend on: type into it to measure a keystroke. */
  driverKey: string;
  /** The table's key and one aggregated column. */
  tableKey: string;
  tableColumnKey: string;
}

export interface GenerateOptions {
  fields?: number;
  rules?: number;
  formulas?: number;
  rows?: number;
}

const COMPONENT_ID = 'bench_screen';
const TABLE_COLUMNS = ['item', 'amount', 'share', 'months', 'count'] as const;
const TABLE_AGGREGATIONS = [undefined, 'SUM', 'AVG', 'MAX', 'COUNT'] as const;
const PLAIN_TYPES = ['text', 'text', 'text', 'textarea', 'date', 'dropdown', 'radio', 'checkbox', 'slider', 'counter'];

function details(type: string, extra: Partial<Omit<FieldTypeDetails, 'type'>> = {}): FieldTypeDetails {
  return { type, ...extra } as FieldTypeDetails;
}

function plainField(index: number): { field: FieldConfig; value: FormValues[string] } {
  const key = `f${index}`;
  const type = PLAIN_TYPES[index % PLAIN_TYPES.length] ?? 'text';
  const base = { key, label: `Field ${index}`, enable: true, groupKey: `g${index % 20}` };
  switch (type) {
    case 'date':
      return {
        field: {
          ...base,
          field_type_details: details('date', {
            mandatory: true,
            property: 'BETWEEN_AGE',
            min_value: 18,
            max_value: 70,
          }),
        },
        value: '15/06/1990',
      };
    case 'dropdown':
    case 'radio':
      return {
        field: { ...base, field_type_details: details(type, { mandatory: true, property: 'OPTIONS' }) },
        value: 'b',
      };
    case 'checkbox':
      return {
        field: { ...base, field_type_details: details('checkbox', { mandatory: index % 3 === 0 }) },
        value: true,
      };
    case 'slider':
    case 'counter':
      return {
        field: { ...base, field_type_details: details(type, { mandatory: true, min_value: 0, max_value: 50 }) },
        value: 10,
      };
    default:
      return index % 4 === 0
        ? {
            field: {
              ...base,
              field_type_details: details(type, {
                mandatory: true,
                currency_field: true,
                min_value: 1000,
                max_value: 10000000,
              }),
            },
            value: '250000',
          }
        : {
            field: { ...base, field_type_details: details(type, { mandatory: true, regex: '[A-Za-z0-9 ]{2,40}' }) },
            value: `value ${index}`,
          };
  }
}

export function generateFlow(opts: GenerateOptions = {}): GeneratedFlow {
  const total = opts.fields ?? 500;
  const ruleCount = opts.rules ?? 40;
  const formulaCount = opts.formulas ?? 20;
  const rows = opts.rows ?? 50;
  const driverKey = 'income';
  const tableKey = 'liabilities';
  const fields: FieldConfig[] = [];
  const values: FormValues = {};

  fields.push({
    key: driverKey,
    label: 'Monthly income',
    enable: true,
    field_type_details: details('text', { mandatory: true, currency_field: true, min_value: 1, max_value: 100000000 }),
  });
  values[driverKey] = '50000';

  // Formulas: the first reads the driver, each next one the previous (a chain), every fifth the table.
  for (let i = 0; i < formulaCount; i++) {
    const previous = i === 0 ? driverKey : `calc${i - 1}`;
    const expression =
      i % 5 === 4 ? `ROUND(${previous} + ${tableKey}.total.amount / 12, 2)` : `ROUND(${previous} * 1.01 + ${i}, 2)`;
    fields.push({
      key: `calc${i}`,
      label: `Computed ${i}`,
      enable: true,
      formulas: { expression },
      field_type_details: details('text', { currency_field: true }),
    });
  }

  fields.push({
    key: tableKey,
    label: 'Liabilities',
    enable: true,
    groupType: 'CONTAINER',
    groupSubType: 'NESTED_TABLE',
    field_type_details: details('container'),
  });
  fields.push({
    key: 'lender',
    label: 'Lender',
    enable: true,
    groupKey: tableKey,
    isSectionHeader: true,
    field_type_details: details('text', { mandatory: true }),
  });
  TABLE_COLUMNS.forEach((column, i) => {
    const aggregation = TABLE_AGGREGATIONS[i];
    fields.push({
      key: column,
      label: column,
      enable: true,
      groupKey: tableKey,
      ...(aggregation ? { aggregation } : {}),
      field_type_details: details('text', column === 'item' ? { mandatory: true } : { regex: '\\d+(\\.\\d+)?' }),
    });
  });
  values[tableKey] = {
    headers: { lender: 'Bank' },
    subRecords: Array.from({ length: rows }, (_row, r) => ({
      item: `Loan ${r}`,
      amount: String(1000 + r * 10),
      share: String(r % 10),
      months: String(12 + (r % 48)),
      count: String(r),
    })),
    total: {},
  };

  for (let i = 0; fields.length < total; i++) {
    const { field, value } = plainField(i);
    fields.push(field);
    values[field.key] = value;
  }

  // Rules: half hide a group when the driver crosses a threshold, the rest a field by an AND/OR list
  // over the driver, a formula and another field.
  const rules: PageRule[] = [];
  for (let i = 0; i < ruleCount; i++) {
    const rule_id = `rule${i}`;
    if (i % 2 === 0) {
      rules.push({
        rule_id,
        componentId: COMPONENT_ID,
        action: 'HIDE',
        target: { type: 'GROUP', key: `g${i % 20}` },
        conditions: {
          operator: 'AND',
          list: [{ field: driverKey, operator: 'GREATER_THAN', value: 10 ** (1 + (i % 7)) }],
        },
      });
    } else {
      rules.push({
        rule_id,
        componentId: COMPONENT_ID,
        action: 'HIDE',
        target: { type: 'FIELD', key: `f${i * 7}` },
        conditions: {
          operator: 'OR',
          list: [
            { field: driverKey, operator: 'LESS_THAN', value: 5 * 10 ** (i % 6) },
            { field: `calc${i % formulaCount}`, operator: 'GREATER_THAN', value: 10 ** (i % 8) },
            { field: `f${i}`, operator: 'EQUAL', value: 'hide' },
          ],
        },
      });
    }
  }

  const component: ComponentConfig = { componentId: COMPONENT_ID, display_name: 'Everything', fields };
  const flow: FlowConfig = {
    flowId: 'bench_flow',
    verNum: 243,
    flowName: 'Benchmark flow',
    product_code: 'BENCH',
    product_name: 'Benchmark',
    flow_type: 'CUST_FLOW',
    maximumJointApplicants: 0,
    enableMultipleCoApplicant: false,
    mandatoryValidations: true,
    sections: [
      {
        section_id: 'bench',
        display_name: 'Benchmark',
        route_info: 'bench',
        sub_sections: [
          {
            sub_section_id: 'everything',
            display_name: 'Everything',
            route_info: 'everything',
            componentId: COMPONENT_ID,
          },
          {
            sub_section_id: 'summary',
            display_name: 'Summary',
            route_info: 'summary',
            componentId: 'bench_summary',
            summary: true,
          },
        ],
      },
    ],
  };
  const summary: ComponentConfig = { componentId: 'bench_summary', display_name: 'Summary', fields: [] };
  return {
    flow,
    components: [component, summary],
    rules,
    options: {
      OPTIONS: [
        { label: 'A', value: 'a' },
        { label: 'B', value: 'b' },
        { label: 'C', value: 'c' },
      ],
    },
    values,
    driverKey,
    tableKey,
    tableColumnKey: 'amount',
  };
}
