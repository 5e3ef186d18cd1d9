// Every TanStack Query key of this remote, one builder per resource, each starting with the remote's name
// (the shell's one QueryClient serves every remote).
import type { LeadListBody } from '@originate/contract';

export const leadKeys = {
  /** Every page of every lead list (what a change refetches). */
  pages: ['mfe-leads', 'page'] as const,
  page: (body: LeadListBody) => ['mfe-leads', 'page', body] as const,
  details: ['mfe-leads', 'lead'] as const,
  detail: (leadId: string) => ['mfe-leads', 'lead', leadId] as const,
  products: ['mfe-leads', 'products'] as const,
  /** The members of a lead's team (the assign dialog). */
  team: (teamId: string) => ['mfe-leads', 'team', teamId] as const,
};
