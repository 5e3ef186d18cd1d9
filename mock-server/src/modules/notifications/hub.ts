// In-process events between HTTP routes and the socket layer (one process; see README on scale-out).
import { EventEmitter } from 'node:events';
import type { Notification } from '@originate/contract';

interface HubEvents {
  notification: [userId: string, notification: Notification, count: number];
  sessionEnded: [sessionId: string];
  /** Any change to an application (status, stage, task, assignment): the staff list socket passes the id on. */
  applicationChanged: [applicationId: string, modTime: string];
}

export class Hub extends EventEmitter<HubEvents> {}
