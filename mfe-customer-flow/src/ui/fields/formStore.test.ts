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

describe('form store: who hears a binding', () => {
  const fields = [field('amount', 'text'), field('double', 'text', {}, { formulas: { expression: 'amount * 2' } })];
  const initial = createFormState(component([...fields, field('city', 'text')]), {}, options());
  const context = ['session', 'labels'];
  const bound = (state: FormBinding['state'], ctx: readonly unknown[] | undefined = context) =>
    ({ state, context: ctx }) as Pick<FormBinding, 'state' | 'context'> as FormBinding;
  const listen = (store: ReturnType<typeof createFormStore>) => {
    const heard: string[] = [];
    for (const f of initial.fields) store.subscribeField(f, () => heard.push(f.key));
    return heard;
  };

  it('the same context: the fields whose part of the state changed (a formula included), no other', () => {
    const store = createFormStore(bound(initial));
    const heard = listen(store);
    store.set(bound(setFieldValue(initial, 'amount', 21)));
    expect(heard.sort()).toEqual(['amount', 'double']);
  });

  it('another context, or none: every field', () => {
    const store = createFormStore(bound(initial));
    const heard = listen(store);
    store.set(bound(initial, ['session', 'other labels']));
    expect(heard.sort()).toEqual(['amount', 'city', 'double']);
    heard.length = 0;
    store.set(bound(initial, undefined));
    expect(heard.sort()).toEqual(['amount', 'city', 'double']);
  });

  it('a field whose typed value leaves with a binding hears it, its value unchanged in the state', () => {
    const store = createFormStore(bound(initial));
    const heard = listen(store);
    store.type('city', 'Pune');
    store.untype('city');
    heard.length = 0;
    store.set(bound(setFieldValue(initial, 'amount', 3)));
    expect(store.typed('city')).toBeUndefined();
    expect(heard.sort()).toEqual(['amount', 'city', 'double']);
  });
});
