// Spec §9: mobile is detected by the user agent; device types DESKTOP and MOBILE. One rule for the portal
// (the application's _deviceType) and the server (the device a consent was accepted on).
import type { DeviceType } from '../contracts/flow';

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;

export function detectDevice(userAgent: string): DeviceType {
  return MOBILE_AGENT.test(userAgent) ? 'MOBILE' : 'DESKTOP';
}
