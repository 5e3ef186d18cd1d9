export type { VerifyResult } from './otp';
export { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, sendOtp, verifyOtp } from './otp';
export { otpRoutes } from './routes';
