import { acceptAttribute, uploadCheck } from './uploads';

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
      reason: 'Only these file types are allowed: image',
    });
    expect(uploadCheck({ name: 'run.exe', size: 10, type: '' })).toEqual({
      ok: false,
      reason: 'Only these file types are allowed: image, doc, pdf, xls, application, compress, audio, video',
    });
    expect(uploadCheck({ name: 'noextension', size: 10, type: '' }, ['pdf']).ok).toBe(false);
  });

  it('gives an accept attribute of the kinds', () => {
    expect(acceptAttribute(['pdf'])).toBe('.pdf');
    expect(acceptAttribute().split(',')).toContain('.xlsx');
  });
});
