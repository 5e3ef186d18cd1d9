// The list tables of GET /backstage/getTableConfig/{id} (one per list, shared LIST_TABLE_IDS and
// LEAD_TABLE_IDS), seeded in every installation and kept once stored. The fields are those the lists can
// filter and sort (modules/lists/shared-query.ts LIST_FIELDS, LEAD_LIST_FIELDS); a test holds every seeded
// column to that.
import {
  APPLICATION_LISTS,
  type ApplicationList,
  type FlowType,
  LEAD_LISTS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_TABLE_IDS,
  LIST_TABLE_IDS,
  type TableColumn,
  type TableConfig,
} from '@originate/contract';
import type { Db } from '../db';
import { STAGES, STATUSES, TASK_PROGRESS } from './bank-shape';

/** A task's flow type (contract FlowType), the Task type column's options. */
const TASK_TYPES = ['APPVD', 'CUST_FLOW', 'APPLICATION_SUMMARY', 'none'] as const satisfies readonly FlowType[];

const col = (c: Omit<TableColumn, 'sortable' | 'filterable'>): TableColumn => ({
  ...c,
  sortable: true,
  filterable: true,
});

/**
 * The columns every list shows; the product options come from master_products. Staff read the product's name;
 * its code and the flow version are columns they can add (Columns menu), not what every row says.
 */
function columns(products: string[]): TableColumn[] {
  return [
    col({ field: 'application_id', headerName: 'Application ID', kind: 'text', flex: 1.2 }),
    col({ field: 'applicantName', headerName: 'Applicant', kind: 'text', flex: 1.4 }),
    col({ field: 'product_name', headerName: 'Product', kind: 'text', flex: 1.1 }),
    col({ field: 'loanAmount', headerName: 'Loan amount', kind: 'amount', flex: 1 }),
    col({ field: 'stage', headerName: 'Stage', kind: 'dropdown', options: [...STAGES], flex: 1.2 }),
    col({ field: 'name', headerName: 'Task', kind: 'text', flex: 1.4 }),
    col({ field: 'progress', headerName: 'Progress', kind: 'dropdown', options: [...TASK_PROGRESS], flex: 0.9 }),
    col({ field: '_applicationStatus', headerName: 'Status', kind: 'dropdown', options: [...STATUSES], flex: 0.9 }),
    col({ field: 'assignedTo', headerName: 'Assigned to', kind: 'text', flex: 1 }),
    col({ field: 'reviewDate', headerName: 'Review date', kind: 'date', flex: 0.9 }),
    col({ field: 'cre_time', headerName: 'Created', kind: 'date', flex: 0.9, spreadsheet: 'dateTime' }),
    col({ field: 'mod_time', headerName: 'Modified', kind: 'date', flex: 0.9, spreadsheet: 'dateTime' }),
    // The detail a bank's export carries: hidden in the grid until the user shows them (its Columns menu).
    col({
      field: 'product_code',
      headerName: 'Product code',
      kind: 'dropdown',
      options: products,
      flex: 0.8,
      hidden: true,
    }),
    col({
      field: 'verNum',
      headerName: 'Flow version',
      kind: 'amount',
      flex: 0.6,
      spreadsheet: 'integer',
      hidden: true,
    }),
    col({ field: 'assignedToName', headerName: 'Assignee name', kind: 'text', flex: 1.1, hidden: true }),
    col({
      field: 'stepNumber',
      headerName: 'Step number',
      kind: 'amount',
      flex: 0.6,
      spreadsheet: 'integer',
      hidden: true,
    }),
    col({
      field: 'type',
      headerName: 'Task type',
      kind: 'dropdown',
      options: [...TASK_TYPES],
      flex: 0.8,
      hidden: true,
    }),
    col({
      field: 'start_time',
      headerName: 'Task started',
      kind: 'date',
      flex: 0.9,
      spreadsheet: 'dateTime',
      hidden: true,
    }),
    col({ field: 'due_time', headerName: 'Due (SLA)', kind: 'date', flex: 0.9, spreadsheet: 'dateTime', hidden: true }),
    col({
      field: 'end_time',
      headerName: 'Task ended',
      kind: 'date',
      flex: 0.9,
      spreadsheet: 'dateTime',
      hidden: true,
    }),
  ];
}

/** My Leads and Team Leads (README "Leads"). */
function leadColumns(products: string[]): TableColumn[] {
  return [
    col({ field: 'lead_id', headerName: 'Lead ID', kind: 'text', flex: 1.1 }),
    col({ field: 'prospectName', headerName: 'Prospect', kind: 'text', flex: 1.4 }),
    col({ field: 'mobile', headerName: 'Mobile', kind: 'text', flex: 1 }),
    col({ field: 'product_code', headerName: 'Product', kind: 'dropdown', options: products, flex: 0.8 }),
    col({ field: 'source', headerName: 'Source', kind: 'dropdown', options: [...LEAD_SOURCES], flex: 0.9 }),
    col({ field: 'status', headerName: 'Status', kind: 'dropdown', options: [...LEAD_STATUSES], flex: 0.9 }),
    col({ field: 'loanAmount', headerName: 'Amount', kind: 'amount', flex: 1 }),
    col({ field: 'ownerName', headerName: 'Owner', kind: 'text', flex: 1.1 }),
    col({ field: 'followUpAt', headerName: 'Follow-up', kind: 'date', flex: 0.9 }),
    col({ field: 'cre_time', headerName: 'Created', kind: 'date', flex: 0.9, spreadsheet: 'dateTime' }),
    col({ field: 'mod_time', headerName: 'Updated', kind: 'date', flex: 0.9, spreadsheet: 'dateTime' }),
  ];
}

export function tableConfigs(products: string[]): TableConfig[] {
  const applications = APPLICATION_LISTS.map((list: ApplicationList) => ({
    id: LIST_TABLE_IDS[list],
    columns: columns(products),
    defaultSort: { field: 'mod_time', direction: 'desc' } as const,
  }));
  // My Leads: the next follow-up first (the day's calls); Team Leads: the latest change first.
  const leads = LEAD_LISTS.map((list) => ({
    id: LEAD_TABLE_IDS[list],
    columns: leadColumns(products),
    defaultSort:
      list === 'MY_LEADS'
        ? ({ field: 'followUpAt', direction: 'asc' } as const)
        : ({ field: 'mod_time', direction: 'desc' } as const),
  }));
  return [...applications, ...leads];
}

/** Inserted when missing; an edited table stays as edited. */
export async function seedTableConfigs(db: Db): Promise<void> {
  const rows = await db.query<{ product_code: string }>(
    'SELECT product_code FROM master_products ORDER BY product_code',
  );
  const configs = tableConfigs(rows.map((r) => r.product_code));
  await db.query(
    `INSERT INTO table_configs (id, value)
     SELECT c ->> 'id', c FROM jsonb_array_elements($1::jsonb) c ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(configs)],
  );
}
