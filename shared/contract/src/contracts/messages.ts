// Outgoing messages (mock-server modules/messages, README "Messages"): what the delivery log says
// when a channel has nowhere to go, and how long a password reset link lives.

/** A QUEUED e-mail's reason in the delivery log while the server has no SMTP_URL. */
export const NO_MAIL_SERVER = 'no mail server configured';
/** A QUEUED SMS's reason in the delivery log while the server has no SMS_GATEWAY_URL. */
export const NO_SMS_GATEWAY = 'no SMS gateway configured';

/** A password reset link works once, for this long after it was mailed. */
export const PASSWORD_RESET_LINK_MINUTES = 30;
