import { maskEmail, maskMobile } from './resumeLinks';

describe('maskMobile', () => {
  it('shows only the last four digits of a 10-digit mobile', () => {
    expect(maskMobile('9876543210')).toBe('******3210');
  });
  it('drops the +91 country code before masking', () => {
    expect(maskMobile('+919876543210')).toBe('******3210');
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('rahul.sharma@example.com')).toBe('r***@example.com');
  });
  it('masks a value without a name part whole', () => {
    expect(maskEmail('@example.com')).toBe('***');
  });
});
