import { forwardRef, lazy, memo } from 'react';
import { checkRemoteModule, isReactComponent, RemoteShapeError } from './shape';

const Page = () => null;

describe('remote module shape check', () => {
  it('accepts a component default export, plain or wrapped', () => {
    expect(checkRemoteModule({ default: Page }, 'mfe_x/Page')).toBe(Page);
    expect(isReactComponent(memo(Page))).toBe(true);
    expect(isReactComponent(forwardRef(() => null))).toBe(true);
    expect(isReactComponent(lazy(async () => ({ default: Page })))).toBe(true);
  });
  it('refuses a wrong shape with a clear message', () => {
    expect(() => checkRemoteModule({ default: 'x' }, 'mfe_x/Page')).toThrow(
      new RemoteShapeError('mfe_x/Page was refused: its default export must be a React component.'),
    );
    expect(() => checkRemoteModule({ Page }, 'mfe_x/Page')).toThrow(RemoteShapeError);
    expect(() => checkRemoteModule(null, 'mfe_x/Page')).toThrow(
      'mfe_x/Page was refused: it is not a module (got null).',
    );
    expect(isReactComponent({ $$typeof: Symbol.for('react.element') })).toBe(false);
  });
});
