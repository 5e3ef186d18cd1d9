import type { FieldConfig, FieldTypeDetails } from '@originate/contract';
import { displayValue } from './displayValue';

const field = (details: FieldTypeDetails): FieldConfig => ({
  key: 'k',
  label: 'K',
  enable: true,
  field_type_details: details,
});

describe('displayValue on the summary', () => {
  it('a checkbox group lists the labels of the ticked options; none ticked is a dash', () => {
    const group = field({ type: 'checkbox', property: 'TIMES', multiple: true });
    const options = [
      { label: 'Morning', value: 'am' },
      { label: 'Evening', value: 'eve' },
    ];
    expect(displayValue(group, ['am', 'eve'], options)).toBe('Morning, Evening');
    expect(displayValue(group, [], options)).toBe('—');
    expect(displayValue(field({ type: 'checkbox' }), true)).toBe('Yes');
  });

  it('an EUR amount shows in euros', () => {
    expect(displayValue(field({ type: 'text', currency_field: true, currency: 'EUR' }), '250000')).toBe('€250,000.00');
  });
});
