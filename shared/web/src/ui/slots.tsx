// Slots a page of one remote fills with another remote's module (e.g. mfe-applications' detail shows
// mfe-customer-flow's './FlowForm'). A remote never imports another remote: the host, which knows the
// manifest, provides a SlotHost through this context and renders the slot's provider under its own
// error boundary and fallback; a remote asks for a slot by name with useSlot.

import type { RemoteSlot, SlotProps } from '@originate/contract';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

export interface SlotHost {
  /** Whether a permitted remote fills the slot. */
  provides(slot: RemoteSlot): boolean;
  /** The slot's module with these props, as the host renders remotes (boundary, fallback, loading). */
  render<S extends RemoteSlot>(slot: S, props: SlotProps[S]): ReactNode;
}

/** Null outside a host that renders slots (a remote running standalone): useSlot then gives null. */
export const SlotRendererContext = createContext<SlotHost | null>(null);

function SlotOutlet<S extends RemoteSlot>({ slot, props }: { slot: S; props: SlotProps[S] }) {
  const host = useContext(SlotRendererContext);
  return host ? host.render(slot, props) : null;
}

// One outlet per slot at module level: its identity never changes, so a host re-providing its SlotHost (a
// new manifest, a refreshed session) re-renders the slot's module in place instead of remounting it.
const OUTLETS: { [S in RemoteSlot]: ComponentType<SlotProps[S]> } = {
  headerBell: (props) => <SlotOutlet slot="headerBell" props={props} />,
  customerArea: (props) => <SlotOutlet slot="customerArea" props={props} />,
  flowForm: (props) => <SlotOutlet slot="flowForm" props={props} />,
  videoCall: (props) => <SlotOutlet slot="videoCall" props={props} />,
};

/** The component filling a slot, or null when no permitted remote fills it (or no host renders slots). */
export function useSlot<S extends RemoteSlot>(slot: S): ComponentType<SlotProps[S]> | null {
  const host = useContext(SlotRendererContext);
  return host?.provides(slot) ? (OUTLETS[slot] as ComponentType<SlotProps[S]>) : null;
}
