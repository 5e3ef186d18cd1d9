// Spec §9: mobile is detected by the user agent; device types DESKTOP and MOBILE. The width goes to the
// flow configuration calls (device_width) so the server may answer a layout for the screen.
import type { DeviceType } from '@originate/contract';

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;

export function detectDevice(userAgent: string): DeviceType {
  return MOBILE_AGENT.test(userAgent) ? 'MOBILE' : 'DESKTOP';
}

/** The viewport width in whole CSS pixels (never 0: a hidden frame reports 0, which no layout means). */
export function deviceWidth(width: number): number {
  return Math.max(1, Math.round(width));
}

export function currentDevice(): { deviceType: DeviceType; deviceWidth: number } {
  return { deviceType: detectDevice(navigator.userAgent), deviceWidth: deviceWidth(window.innerWidth) };
}
