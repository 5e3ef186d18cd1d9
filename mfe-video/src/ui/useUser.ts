// The signed-in user's id and roles from the shared session (the one jotai store of @originate/web).
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';

const NONE: readonly string[] = [];

export function useUser(): { userId: string; roles: readonly string[] } {
  const user = useAtomValue(userAtom);
  return { userId: user?.userid ?? '', roles: user?.roles ?? NONE };
}
