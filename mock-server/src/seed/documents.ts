// The demo applications' documents: real files (one-page PDFs) in the file store, each a row of
// `documents` as an applicant's upload would leave it, under the product flow's upload field (car loans
// have none in their flow: a quotation the branch collected). Once per database (meta 'demo_documents'),
// in one transaction with their blobs, so a killed start leaves neither rows without bytes nor a half seed.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { insertDocument, textPdf, type UploadRecord, withBlobs } from '../modules/documents';
import type { FileStore, Received } from '../platform/context';
import { demoApplications, SEED_ANCHOR } from './applications';

const DOCUMENTS: Record<string, { fieldKey: string; title: string }[]> = {
  PL: [{ fieldKey: 'pl_id_proof', title: 'PAN card' }],
  HL: [
    { fieldKey: 'id_document', title: 'PAN card' },
    { fieldKey: 'salary_slips', title: 'Salary slips' },
  ],
  CL: [{ fieldKey: 'vehicle_quotation', title: 'Dealer quotation' }],
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export async function seedDemoDocuments(db: Db, files: FileStore): Promise<void> {
  const seen = await db.query("SELECT 1 FROM meta WHERE key = 'demo_documents'");
  if (seen.length > 0) return;
  const records: { record: Omit<UploadRecord, 'blobHash'>; held: Received; at: Date }[] = [];
  for (const app of demoApplications()) {
    const name = String(app.applicant.primary?.fullName ?? 'Applicant');
    for (const doc of DOCUMENTS[app.productCode] ?? []) {
      const bytes = textPdf(doc.title, [
        `Application: ${app.applicationId}`,
        `Name: ${name}`,
        'Specimen for the demo bank: not a real document.',
      ]);
      records.push({
        held: await files.hold(bytes),
        record: {
          fileId: randomUUID(),
          applicationId: app.applicationId,
          fieldKey: doc.fieldKey,
          fileName: `${slug(doc.title)}-${slug(name)}.pdf`,
          mimeType: 'application/pdf',
          size: bytes.length,
          metadata: {},
        },
        at: new Date(app.creTime.getTime() + 3_600_000),
      });
    }
  }
  await withBlobs(
    db,
    files,
    async (tx, blobs) => {
      for (const { record, held, at } of records) {
        await insertDocument(tx, { ...record, blobHash: await blobs.store(held) }, null, at);
      }
      await tx.query("INSERT INTO meta (key, value) VALUES ('demo_documents', $1)", [SEED_ANCHOR.toISOString()]);
    },
    records.map((r) => r.held),
  );
}
