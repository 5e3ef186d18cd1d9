import { exportProgressText } from './ExportButton';

describe('export progress', () => {
  it('says how many rows are coming and how much has arrived', () => {
    expect(exportProgressText({ rows: null, bytes: 0, queuedAhead: 2 })).toBe('Your export is queued: 2 ahead of it');
    expect(exportProgressText({ rows: null, bytes: 0, queuedAhead: 0 })).toBe('Your export is queued: it is next');
    expect(exportProgressText({ rows: null, bytes: 0 })).toBe('Preparing the list…');
    expect(exportProgressText({ rows: 100000, bytes: 0 })).toBe('Preparing 1,00,000 rows…');
    expect(exportProgressText({ rows: 100000, bytes: 300 })).toBe('Writing 1,00,000 rows: 1 KB received');
    expect(exportProgressText({ rows: 1234, bytes: 5.5 * 1024 * 1024 })).toBe('Writing 1,234 rows: 5.5 MB received');
  });
});
