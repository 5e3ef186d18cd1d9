// The otp module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export type { OtpRefusal, VerifyResult } from './codes';
export { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, otpRefused, RESUME_DEVICE_KEY, sendOtp, verifyOtp } from './codes';
export { otpRoutes } from './routes';
