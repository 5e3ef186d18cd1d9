import { createFormState, setFieldValue } from '@originate/flow-engine';
import { component, field, options } from '@originate/flow-engine/testing';
import { createFormStore } from './formStore';
import type { FormBinding } from './types';

const bindingOf = (state: FormBinding['state']) => ({ state }) as Pick<FormBinding, 'state'> as FormBinding;

describe('form store: a typed value', () => {
  const initial = createFormState(component([field('name', 'text'), field('city', 'text')]), {}, options());

  it('reaches only its field at once and leaves when a binding holds it (not before)', () => {
    const store = createFormStore(bindingOf(initial));
    const own = jest.fn();
    const other = jest.fn();
    const all = jest.fn();
    store.subscribeKey('name', own);
    store.subscribeKey('city', other);
    store.subscribe(all);
    store.type('name', 'Asha');
    expect(store.typed('name')).toEqual({ value: 'Asha' });
    expect([own.mock.calls.length, other.mock.calls.length, all.mock.calls.length]).toEqual([1, 0, 0]);
    // A binding of an earlier keystroke: the newer typed value stays.
    store.type('name', 'Ashal');
    store.set(bindingOf(setFieldValue(initial, 'name', 'Asha')));
    expect(store.typed('name')).toEqual({ value: 'Ashal' });
    store.set(bindingOf(setFieldValue(initial, 'name', 'Ashal')));
    expect(store.typed('name')).toBeUndefined();
  });

  it('goes with the next binding once its field was left, and with a binding of another screen', () => {
    const store = createFormStore(bindingOf(initial));
    store.type('name', 'Ravi');
    store.untype('name');
    expect(store.typed('name')?.value).toBe('Ravi');
    store.set(bindingOf(setFieldValue(initial, 'city', 'Pune')));
    expect(store.typed('name')).toBeUndefined();
    store.type('city', 'Goa');
    store.set(bindingOf(createFormState(component([field('city', 'text')], 'c2'), {}, options())));
    expect(store.typed('city')).toBeUndefined();
  });
});
