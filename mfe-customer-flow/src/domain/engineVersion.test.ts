import { engineMismatch } from './engineVersion';

describe('engineMismatch', () => {
  it('is null when the majors match, whatever the minor, patch or pre-release', () => {
    expect(engineMismatch('1.4.2', '1.0.0')).toBeNull();
    expect(engineMismatch('0.1.0', '0.9.3')).toBeNull();
    expect(engineMismatch('2.0.0-rc.1', '2.3.0')).toBeNull();
  });

  it('gives both majors when they differ, either way round', () => {
    expect(engineMismatch('2.0.0', '1.9.9')).toEqual({ server: 2, own: 1 });
    expect(engineMismatch('1.0.0', '2.0.0')).toEqual({ server: 1, own: 2 });
    expect(engineMismatch('10.0.0', '1.0.0')).toEqual({ server: 10, own: 1 });
  });

  it('never matches a version it cannot read', () => {
    expect(engineMismatch('latest', '1.0.0')).toEqual({ server: Number.NaN, own: 1 });
    expect(engineMismatch('1.0.0', '')).toEqual({ server: 1, own: Number.NaN });
  });
});
