// Resume links (README "Resume links"): opening one (resumed on a device the application knows, else the
// one-time code step), that code, and 'Send me this link'. Answers are checked against the contract.
import {
  API_PATHS,
  type CodeSentAnswer,
  type ResumeDestination,
  type ResumeLinkSentAnswer,
  type SessionData,
} from '@originate/contract';
import {
  CodeSentAnswerSchema,
  parseWithSchema,
  ResumedAnswerSchema,
  ResumeLinkSentAnswerSchema,
  TokenOpenAnswerSchema,
} from '@originate/contract/schemas';
import { api } from '@originate/web';

export interface ResumedLink {
  applicationId: string;
  session: SessionData;
  /** The device's fresh token: the link it opened is used up. */
  resumeToken: string;
}

export type OpenedLink =
  | { kind: 'resumed'; resumed: ResumedLink }
  | { kind: 'verify'; destinations: ResumeDestination[] };

const resumedOf = (answer: { data: { application_id: string }; session: SessionData; resumeToken: string }) => ({
  applicationId: answer.data.application_id,
  session: answer.session,
  resumeToken: answer.resumeToken,
});

/** Opens a resume link: its application on a device the application knows; else where a code can go. */
export function openResumeLink(transactionToken: string): Promise<OpenedLink> {
  return api.post<unknown>(API_PATHS.validateTransactionToken, { transactionToken }).then((body) => {
    const answer = parseWithSchema(TokenOpenAnswerSchema, body, 'resume link answer');
    return 'verify' in answer
      ? { kind: 'verify', destinations: answer.verify.destinations }
      : { kind: 'resumed', resumed: resumedOf(answer) };
  });
}

export function sendResumeCode(
  transactionToken: string,
  channel: ResumeDestination['channel'],
  resend: boolean,
): Promise<CodeSentAnswer> {
  return api
    .post<unknown>(API_PATHS.resumeSendCode, {
      transactionToken,
      channel,
      action: resend ? 'RESEND_OTP' : 'SEND_OTP',
    })
    .then((body) => parseWithSchema(CodeSentAnswerSchema, body, 'code sent answer'));
}

export function verifyResumeCode(transactionToken: string, code: string): Promise<ResumedLink> {
  return api
    .post<unknown>(API_PATHS.resumeVerifyCode, { transactionToken, code, action: 'VERIFY_OTP' })
    .then((body) => resumedOf(parseWithSchema(ResumedAnswerSchema, body, 'resumed answer')));
}

/** 'Send me this link': the newest link by SMS or e-mail; the answer's token is the device's from now on. */
export function sendResumeLink(
  applicationId: string,
  channel: ResumeDestination['channel'],
): Promise<ResumeLinkSentAnswer> {
  return api
    .post<unknown>(API_PATHS.sendResumeLink, { application_id: applicationId, channel })
    .then((body) => parseWithSchema(ResumeLinkSentAnswerSchema, body, 'link sent answer'));
}
