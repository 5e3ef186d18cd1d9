// A loaded remote module is checked against the contract (a React component as default export)
// before the shell renders it: a wrong shape is refused with a clear message, not a crash.
import type { ComponentType } from 'react';

export class RemoteShapeError extends Error {
  override name = 'RemoteShapeError';
}

const REACT_WRAPPERS = new Set(['react.memo', 'react.forward_ref', 'react.lazy']);

/** Function components, class components, memo/forwardRef/lazy wrappers. */
export function isReactComponent(value: unknown): value is ComponentType<never> {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  const tag = (value as { $$typeof?: unknown }).$$typeof;
  return typeof tag === 'symbol' && REACT_WRAPPERS.has(tag.description ?? '');
}

export function checkRemoteModule<P>(mod: unknown, id: string): ComponentType<P> {
  if (typeof mod !== 'object' || mod === null) {
    throw new RemoteShapeError(`${id} was refused: it is not a module (got ${mod === null ? 'null' : typeof mod}).`);
  }
  const candidate = (mod as { default?: unknown }).default;
  if (!isReactComponent(candidate)) {
    throw new RemoteShapeError(`${id} was refused: its default export must be a React component.`);
  }
  return candidate as ComponentType<P>;
}
