import { isFeatureAllowed, Roles } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { getNotificationsService } from './defaultService';
import type { NotificationsService, NotificationsSnapshot } from './notificationsService';

/** Lets tests (and any host that wants its own) inject a service; by default the page-wide one. */
export const NotificationsServiceContext = createContext<NotificationsService | null>(null);

export function useNotificationsService(): NotificationsService {
  return useContext(NotificationsServiceContext) ?? getNotificationsService();
}

export function useNotifications(): NotificationsSnapshot {
  const service = useNotificationsService();
  return useSyncExternalStore(service.subscribe, service.getSnapshot);
}

/** Spec section 6: notifications need role NOTIFICATION. */
export function useNotificationsAllowed(): boolean {
  const user = useAtomValue(userAtom);
  return user !== null && isFeatureAllowed(Roles.NOTIFICATION, user.roles);
}

const MINUTE = 60_000;

/** The current time, refreshed each minute so relative times stay true while a list is open. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(id);
  }, []);
  return now;
}
