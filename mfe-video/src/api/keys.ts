// Every TanStack Query key of this remote, each starting with the remote's name (the shell's one QueryClient
// serves every remote).
export const videoKeys = {
  all: ['mfe-video'] as const,
  openCalls: ['mfe-video', 'calls', 'open'] as const,
  callsOf: (applicationId: string) => ['mfe-video', 'calls', 'application', applicationId] as const,
  invitation: ['mfe-video', 'invitation'] as const,
  gatewayStatus: ['mfe-video', 'gateway'] as const,
};
