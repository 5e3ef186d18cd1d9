// Where a call screen gets its video service: janus.js by default, loaded only once a call starts (its
// chunk stays off every other page); tests provide a service over a scripted gateway instead.
import { createContext } from 'react';
import { VideoRoomService } from '../domain/videoRoomService';

/** A service for one call: the gateway of the runtime configuration, the call's gateway token. */
export type VideoServiceFactory = (gatewayUrl: string, gatewayToken: string) => VideoRoomService;

const janusServiceFactory: VideoServiceFactory = (url, token) =>
  new VideoRoomService({
    url,
    token,
    connect: async (gatewayUrl, gatewayToken, onLost) =>
      (await import('../api/janusGateway')).connectJanus(gatewayUrl, gatewayToken, onLost),
  });

export const VideoServiceContext = createContext<VideoServiceFactory>(janusServiceFactory);
