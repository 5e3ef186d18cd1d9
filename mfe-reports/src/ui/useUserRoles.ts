// The signed-in user's roles from the shared session (the one jotai store of @originate/web).
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';

const NONE: readonly string[] = [];

export function useUserRoles(): readonly string[] {
  return useAtomValue(userAtom)?.roles ?? NONE;
}
