// How a fallback names a remote that cannot be shown.
const LABELS: Record<string, string> = {
  mfe_notifications: 'Notifications',
  mfe_applications: 'Applications',
  mfe_leads: 'Leads',
  mfe_customer_flow: 'The application form',
  mfe_video: 'Video calls',
  mfe_reports: 'Reports',
};

export function unavailableMessage(remoteName: string): string {
  return `${LABELS[remoteName] ?? 'This feature'} ${remoteName === 'mfe_notifications' || remoteName === 'mfe_video' ? 'are' : 'is'} unavailable right now.`;
}
