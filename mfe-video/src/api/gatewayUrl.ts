// Where the gateway is: the runtime configuration's videoGatewayUrl (/env.json, read by the shell or the
// standalone start), never the build; an env.json written before it existed names none.
import { DEFAULT_VIDEO_GATEWAY_URL } from '@originate/contract';
import { runtimeEnvAtom } from '@originate/web';
import { useAtomValue } from 'jotai';

export function useGatewayUrl(): string {
  return useAtomValue(runtimeEnvAtom)?.videoGatewayUrl || DEFAULT_VIDEO_GATEWAY_URL;
}
