// Password reset (README "Messages", "Password reset"): POST /v3/auth/forget-password mails a single-use link
// valid 30 minutes to the user's registered address, in the transaction that records the request (so it
// leaves only if the request is stored). Only the link token's hash is kept. A request for an unknown user
// (or one without an address, or whose mailbox had enough links this hour) is recorded the same way and
// mails nothing: the answer never tells them apart. The link is checked (GET resetPasswordCheck) and used
// (POST resetPassword) once: the new password is set, every session and refresh token of the user revoked,
// and the reset audited.
import { PASSWORD_RESET_LINK_MINUTES } from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { enqueueMessage } from '../messages';
import { hashPassword, newToken, sha256 } from './security';

/** Links one mailbox receives per hour at most, whatever user names are asked for (the rest mail nothing). */
const LINKS_PER_MAILBOX_PER_HOUR = 3;

interface Account extends Record<string, unknown> {
  userid: string;
  username: string;
  display_name: string;
  email: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The mail: plain words for a bank's staff member, what to do, how long it works, what to do if unasked. */
function resetMail(account: Pick<Account, 'display_name' | 'username'>, link: string) {
  const minutes = PASSWORD_RESET_LINK_MINUTES;
  const subject = 'Reset your Originate password';
  const before = [
    `Dear ${account.display_name},`,
    `We received a request to reset the password of your Originate back-office account (user name: ${account.username}).`,
    `To choose a new password, open the link below within ${minutes} minutes. It works only once.`,
  ];
  const after = [
    'If you did not ask for a new password, you can ignore this e-mail: your password stays as it is. If you receive such e-mails without asking for them, please tell your IT security team.',
    'For your safety, nobody from the bank will ever ask you for your password, by e-mail or by phone.',
    'Originate',
  ];
  const text = `${[...before, link, ...after].join('\n\n')}\n`;
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  const html = [
    ...before.map(paragraph),
    `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
    `<p>If the link does not open, copy this address into your browser: ${escapeHtml(link)}</p>`,
    ...after.map(paragraph),
  ].join('\n');
  return { subject, text, html };
}

/** The link the mail carries: the page the request named, with the token added to its query. */
function linkOf(redirectURL: string, token: string): string {
  const url = new URL(redirectURL);
  url.searchParams.set('token', token);
  return url.toString();
}

export async function recordPasswordReset(
  db: Db,
  request: { username: string; redirectURL: string; clientAddress: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx.query<Account>(
      'SELECT userid, username, display_name, email FROM users WHERE lower(username) = lower($1)',
      [request.username],
    );
    const mailbox = account?.email?.trim().toLowerCase() || null;
    let mails = Boolean(account && mailbox);
    if (account && mailbox) {
      const [recent] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM password_reset_requests r JOIN users u ON u.userid = r.user_id
          WHERE lower(u.email) = $1 AND r.token_hash IS NOT NULL AND r.requested_at > $2`,
        [mailbox, new Date(now.getTime() - 3_600_000)],
      );
      mails = (recent?.n ?? 0) < LINKS_PER_MAILBOX_PER_HOUR;
    }
    const token = newToken();
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO password_reset_requests (username, user_id, redirect_url, token_hash, requested_at, expires_at,
         client_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`,
      [
        request.username,
        account?.userid ?? null,
        request.redirectURL,
        mails ? sha256(token) : null,
        now,
        mails ? new Date(now.getTime() + PASSWORD_RESET_LINK_MINUTES * 60_000) : null,
        request.clientAddress,
      ],
    );
    if (!account) return;
    await tx.query(
      `INSERT INTO account_audits (user_id, event, detail, client_address, created_at)
       VALUES ($1, 'PASSWORD_RESET_REQUESTED', $2::jsonb, $3, $4)`,
      [account.userid, JSON.stringify({ mailed: mails }), request.clientAddress, now],
    );
    if (!mails || !account.email || !row) return;
    const mail = resetMail(account, linkOf(request.redirectURL, token));
    await enqueueMessage(
      tx,
      {
        channel: 'EMAIL',
        kind: 'PASSWORD_RESET',
        to: account.email.trim(),
        ...mail,
        idempotencyKey: `password-reset-${row.id}`,
      },
      now,
    );
  });
}

interface LinkRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  username: string;
}

/** The request a token belongs to while it may be used (unused, not expired, of a user that still exists). */
async function liveLink(db: Queryable, token: string, now: Date, lock: boolean): Promise<LinkRow | null> {
  const [row] = await db.query<LinkRow>(
    `SELECT r.id::text, r.user_id, u.username FROM password_reset_requests r JOIN users u ON u.userid = r.user_id
      WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2${lock ? ' FOR UPDATE OF r' : ''}`,
    [sha256(token), now],
  );
  return row ?? null;
}

/** GET resetPasswordCheck: whose password the link sets, or null when it cannot be used. */
export async function resetLinkUser(db: Db, token: string, now: Date): Promise<string | null> {
  return (await liveLink(db, token, now, false))?.username ?? null;
}

/**
 * POST resetPassword, once the new password keeps the policy: sets it, uses the link up (and every other
 * link of the user), revokes every session of the user (their access and refresh tokens die with it) and
 * audits. The ids of the sessions ended, or null when the link cannot be used.
 */
export async function resetPasswordWithLink(
  db: Db,
  request: { token: string; newPassword: string; clientAddress: string },
  now: Date,
): Promise<{ sessionIds: string[] } | null> {
  const hash = await hashPassword(request.newPassword);
  return db.transaction(async (tx) => {
    const link = await liveLink(tx, request.token, now, true);
    if (!link) return null;
    await tx.query('UPDATE users SET password_hash = $2 WHERE userid = $1', [link.user_id, hash]);
    await tx.query(
      'UPDATE password_reset_requests SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL AND token_hash IS NOT NULL',
      [link.user_id, now],
    );
    const ended = await tx.query<{ id: string }>(
      `UPDATE sessions SET revoked_at = $2, revoked_reason = 'password reset'
        WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [link.user_id, now],
    );
    await tx.query(
      `UPDATE refresh_tokens SET expires_at = least(expires_at, $2)
        WHERE session_id IN (SELECT id FROM sessions WHERE user_id = $1)`,
      [link.user_id, now],
    );
    await tx.query('DELETE FROM short_tokens WHERE user_id = $1', [link.user_id]);
    await tx.query(
      `INSERT INTO account_audits (user_id, event, detail, client_address, created_at)
       VALUES ($1, 'PASSWORD_RESET', $2::jsonb, $3, $4)`,
      [link.user_id, JSON.stringify({ request: link.id, sessionsRevoked: ended.length }), request.clientAddress, now],
    );
    return { sessionIds: ended.map((r) => r.id) };
  });
}
