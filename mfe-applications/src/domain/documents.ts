// The Docs tab's rules: which files the page previews itself (images and PDFs only, never anything the browser
// could run as a page), and a document's readable name from the product's document list.
import type { SummaryDocument } from '@originate/contract';

export type PreviewKind = 'image' | 'pdf';

/** Raster images only: an SVG is a document that can carry script, so it is downloaded, never shown. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function previewKind(mimeType: string): PreviewKind | null {
  const type = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/pdf') return 'pdf';
  return IMAGE_TYPES.has(type) ? 'image' : null;
}

/** The bytes as the type the page decided to show them as (whatever type the answer carried). */
export function typedForPreview(bytes: Blob, kind: PreviewKind, mimeType: string): Blob {
  return new Blob([bytes], { type: kind === 'pdf' ? 'application/pdf' : mimeType.toLowerCase().split(';')[0] });
}

/** The product's name for a document's key ('Last 3 salary slips'); a staff document type as it was named. */
export function documentName(
  doc: { fieldKey: string; metadata: { docType?: string } },
  list: readonly SummaryDocument[],
): string {
  return list.find((d) => d.fieldKey === doc.fieldKey)?.label ?? doc.metadata.docType ?? doc.fieldKey;
}

/** The required documents not yet received, in the product's order. */
export const requiredMissing = (list: readonly SummaryDocument[]) => list.filter((d) => d.required && d.received === 0);
