// The device the portal runs on: its type by the user agent (the contract's rule, spec §9) and the width that goes
// to the flow configuration calls (device_width) so the server may answer a layout for the screen.
import { type DeviceType, detectDevice } from '@originate/contract';

export { detectDevice };

/** The viewport width in whole CSS pixels (never 0: a hidden frame reports 0, which no layout means). */
export function deviceWidth(width: number): number {
  return Math.max(1, Math.round(width));
}

export function currentDevice(): { deviceType: DeviceType; deviceWidth: number } {
  return { deviceType: detectDevice(navigator.userAgent), deviceWidth: deviceWidth(window.innerWidth) };
}
