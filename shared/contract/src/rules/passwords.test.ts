import { passwordPolicyProblem } from './passwords';

describe('password policy', () => {
  it('takes a password that keeps every rule', () => {
    expect(passwordPolicyProblem('Branch#2026', 'officer')).toBe(null);
    expect(passwordPolicyProblem('N3w-Passw0rd!', 'opsadmin')).toBe(null);
  });

  it('names the first rule a password breaks', () => {
    expect(passwordPolicyProblem('Ab1@', 'x')).toBe('must be at least 8 characters long');
    expect(passwordPolicyProblem(`Aa1@${'x'.repeat(125)}`, 'x')).toBe('must be at most 128 characters long');
    expect(passwordPolicyProblem(' Abcdef1@', 'x')).toBe('must not begin or end with a space');
    expect(passwordPolicyProblem('abcdef1@', 'x')).toBe('must contain an upper-case letter');
    expect(passwordPolicyProblem('ABCDEF1@', 'x')).toBe('must contain a lower-case letter');
    expect(passwordPolicyProblem('Abcdefg@', 'x')).toBe('must contain a digit');
    expect(passwordPolicyProblem('Abcdefg1', 'x')).toBe(
      'must contain a character that is neither a letter nor a digit',
    );
    expect(passwordPolicyProblem('My-Officer1', 'officer')).toBe('must not contain your user name');
  });
});
