// In-process events between HTTP routes and the socket layer (one process; see README on scale-out).
import { EventEmitter } from 'node:events';
import type { Notification } from '@originate/contract';

/** A lead that changed, and who may see it: its owners before and after, its team (the /leads socket's rooms). */
export interface LeadChange {
  leadId: string;
  modTime: Date;
  teamId: string;
  ownerIds: string[];
}

interface HubEvents {
  notification: [userId: string, notification: Notification, count: number];
  sessionEnded: [sessionId: string];
  /** Any change to an application (status, stage, task, assignment): the staff list socket passes the id on. */
  applicationChanged: [applicationId: string, modTime: string];
  /** Any change to a lead: the /leads socket passes the id on to those who may see it. */
  leadChanged: [change: LeadChange];
}

export class Hub extends EventEmitter<HubEvents> {}
