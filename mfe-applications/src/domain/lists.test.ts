import { APPLICATION_LIST_TITLES, type ApplicationList, PAGE_SIZE_DEFAULT } from '@originate/contract';
import { ExportApplicationsBodySchema, schemaIssues } from '@originate/contract/schemas';
import { firstPageVariables } from '../api/firstPage';
import { listKeys } from '../api/keys';
import {
  chipFilter,
  countText,
  initialListState,
  STATUS_LABELS,
  showVersionCounts,
  toExportBody,
  toVariables,
} from './lists';

describe('list state → GraphQL variables', () => {
  it('asks every list’s first page early with the variables the list asks it with (one request, not two)', () => {
    for (const list of Object.keys(APPLICATION_LIST_TITLES) as ApplicationList[]) {
      expect(firstPageVariables(list)).toEqual(toVariables(initialListState(list, PAGE_SIZE_DEFAULT, null)));
    }
  });

  it('sends the list and the page only, when nothing else is set', () => {
    expect(toVariables(initialListState('MY_APPLICATIONS', 10, null))).toEqual({
      list: 'MY_APPLICATIONS',
      page: { page: 0, size: 10 },
    });
  });

  it('sends filters with the chip last, the trimmed search, a bucket other than All and the sort', () => {
    const state = {
      ...initialListState('TEAM_APPLICATIONS', 25, { field: 'mod_time', direction: 'desc' as const }),
      page: 3,
      filters: [{ field: 'loanAmount', operator: 'GREATER_THAN' as const, value: '500000' }],
      chip: chipFilter('stage', 'Underwriting'),
      search: '  APP-00 ',
      bucket: 'Today' as const,
    };
    expect(toVariables(state)).toEqual({
      list: 'TEAM_APPLICATIONS',
      filters: [
        { field: 'loanAmount', operator: 'GREATER_THAN', value: '500000' },
        { field: 'stage', operator: 'EQUAL', value: 'Underwriting' },
      ],
      search: 'APP-00',
      bucket: 'Today',
      sort: { field: 'mod_time', direction: 'desc' },
      page: { page: 3, size: 25 },
    });
  });

  it('exports the list as it stands, every page: the same variables without the page, as the server reads them', () => {
    const state = {
      ...initialListState('ALL', 25, { field: 'loanAmount', direction: 'desc' as const }),
      page: 7,
      chip: chipFilter('stage', 'Sanction'),
      search: ' Rao ',
    };
    const body = toExportBody(state);
    expect(body).toEqual({
      list: 'ALL',
      filters: [{ field: 'stage', operator: 'EQUAL', value: 'Sanction' }],
      search: 'Rao',
      sort: { field: 'loanAmount', direction: 'desc' },
    });
    expect(schemaIssues(ExportApplicationsBodySchema, body)).toEqual([]);
  });

  it('maps the count chips to the columns they filter', () => {
    expect(chipFilter('task', 'Credit review')).toEqual({ field: 'name', operator: 'EQUAL', value: 'Credit review' });
    expect(chipFilter('version', 243)).toEqual({ field: 'verNum', operator: 'EQUAL', value: '243' });
  });

  it('keys every page by everything that makes it different', () => {
    const a = toVariables(initialListState('ALL', 10, null));
    expect(listKeys.page(a)).toEqual(['mfe-applications', 'lists', 'page', a]);
    expect(listKeys.page(a).slice(0, listKeys.pages.length)).toEqual([...listKeys.pages]);
  });
});

describe('My Applications wording', () => {
  it('counts applications, labels statuses in words, and shows version counts only where there are several', () => {
    expect(countText(1)).toBe('1 application');
    expect(countText(12)).toBe('12 applications');
    expect(STATUS_LABELS.ACTIVE).toBe('Active');
    expect(showVersionCounts([{ versionNumber: 243, count: 12 }])).toBe(false);
    expect(
      showVersionCounts([
        { versionNumber: 243, count: 12 },
        { versionNumber: 244, count: 1 },
      ]),
    ).toBe(true);
  });
});
