import { acceptAttribute, uploadCheck, uploadTypesText } from './uploads';

describe('uploads (spec §5: 30 MB, the upload kinds)', () => {
  const pdf = { name: 'salary slip.PDF', size: 1000, type: 'application/pdf' };

  it('takes a file up to 31457280 bytes and refuses one byte more, and an empty one', () => {
    expect(uploadCheck({ ...pdf, size: 31457280 })).toEqual({ ok: true });
    expect(uploadCheck({ ...pdf, size: 31457281 })).toEqual({ ok: false, reason: 'The file is larger than 30 MB' });
    expect(uploadCheck({ ...pdf, size: 0 })).toEqual({ ok: false, reason: 'The file is empty' });
  });

  it('judges the kind by extension and MIME type (an empty MIME type by extension alone)', () => {
    expect(uploadCheck({ name: 'photo.jpg', size: 10, type: '' }, ['image'])).toEqual({ ok: true });
    expect(uploadCheck({ name: 'photo.jpg', size: 10, type: 'application/pdf' }, ['image'])).toEqual({
      ok: false,
      reason: 'Only these file types are allowed: Photo (JPG, PNG, HEIC), up to 30 MB',
    });
    expect(uploadCheck({ name: 'run.exe', size: 10, type: '' })).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^Only these file types are allowed: Photo \(JPG, PNG, HEIC\), Word or text document/,
      ),
    });
    expect(uploadCheck({ name: 'noextension', size: 10, type: '' }, ['pdf']).ok).toBe(false);
  });

  it('names the kinds in words an applicant knows, with the 30 MB limit (never the spec names compress or application)', () => {
    expect(uploadTypesText(['pdf', 'image'])).toBe('PDF or photo (JPG, PNG, HEIC), up to 30 MB');
    expect(uploadTypesText(['compress'])).toBe('ZIP archive (ZIP, 7Z, RAR, GZ, TAR), up to 30 MB');
    expect(uploadTypesText(['doc', 'xls', 'pdf'])).toBe(
      'Word or text document (DOC, DOCX, ODT, RTF, TXT), Excel or CSV sheet (XLS, XLSX, ODS, CSV) or PDF, up to 30 MB',
    );
    const all = uploadTypesText();
    expect(all).not.toMatch(/compress|application/i);
    expect(all).toContain('ZIP archive');
  });

  it('gives an accept attribute of the kinds', () => {
    expect(acceptAttribute(['pdf'])).toBe('.pdf');
    expect(acceptAttribute().split(',')).toContain('.xlsx');
  });
});
