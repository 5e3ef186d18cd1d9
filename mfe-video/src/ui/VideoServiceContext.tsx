// Where a call screen gets its video service: janus.js by default, loaded only once a call starts (its
// chunk stays off every other page); tests provide a service over a scripted gateway instead.
import { createContext } from 'react';
import { VideoRoomService } from '../domain/videoRoomService';

export type VideoServiceFactory = (gatewayUrl: string) => VideoRoomService;

export const janusServiceFactory: VideoServiceFactory = (url) =>
  new VideoRoomService({
    url,
    connect: async (gatewayUrl, onLost) => (await import('../api/janusGateway')).connectJanus(gatewayUrl, onLost),
  });

export const VideoServiceContext = createContext<VideoServiceFactory>(janusServiceFactory);
