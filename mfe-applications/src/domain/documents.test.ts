import type { SummaryDocument } from '@originate/contract';
import { documentName, previewKind, requiredMissing, typedForPreview } from './documents';

const list: SummaryDocument[] = [
  { fieldKey: 'salary_slips', label: 'Last 3 salary slips', required: true, received: 0, lastReceivedAt: null },
  { fieldKey: 'id_document', label: 'PAN card', required: true, received: 1, lastReceivedAt: null },
  { fieldKey: 'photo', label: 'Photograph', required: false, received: 0, lastReceivedAt: null },
];

describe('document previews', () => {
  it('previews PDFs and raster images only; never SVG or HTML', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/JPEG')).toBe('image');
    expect(previewKind('image/png; charset=binary')).toBe('image');
    expect(previewKind('image/svg+xml')).toBeNull();
    expect(previewKind('text/html')).toBeNull();
    expect(previewKind('application/vnd.ms-excel')).toBeNull();
  });

  it('shows the bytes as the type the page chose, whatever the answer said', () => {
    const served = new Blob(['%PDF-1.4'], { type: 'text/html' });
    expect(typedForPreview(served, 'pdf', 'application/pdf').type).toBe('application/pdf');
    expect(typedForPreview(served, 'image', 'image/png').type).toBe('image/png');
  });
});

describe('document names', () => {
  it("names a document by the product's list, else its staff type, else its key", () => {
    expect(documentName({ fieldKey: 'salary_slips', metadata: {} }, list)).toBe('Last 3 salary slips');
    expect(documentName({ fieldKey: 'noc', metadata: { docType: 'Builder NOC' } }, list)).toBe('Builder NOC');
    expect(documentName({ fieldKey: 'noc', metadata: {} }, list)).toBe('noc');
  });

  it('lists the required documents not received', () => {
    expect(requiredMissing(list).map((d) => d.fieldKey)).toEqual(['salary_slips']);
  });
});
