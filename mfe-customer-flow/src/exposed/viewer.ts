// The staff viewer the engine's field access reads, kept at one identity while its roles and teams stay
// the same: a host rebuilds the object on every render and a session refresh replaces the user, and a new
// identity would make the flow screen evaluate every form again.
import type { FieldAccessViewer } from '@originate/contract';
import { useMemo } from 'react';

export function useStableViewer(viewer: FieldAccessViewer | undefined): FieldAccessViewer | null {
  const key = viewer ? JSON.stringify([viewer.roles, viewer.teams]) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the viewer's content
  return useMemo(() => viewer ?? null, [key]);
}
