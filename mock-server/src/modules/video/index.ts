// The video module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { attachGatewayRelay, type GatewayRelay } from './gateway-relay';
export { portalVideoRoutes, videoRoutes } from './routes';
