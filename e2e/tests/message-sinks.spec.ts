// The run's mail catcher and SMS sink (started by globalSetup, as npm start starts them) and the helpers the
// message specs read them with (support/messages.ts): a mail sent over SMTP and an SMS posted as the API's
// transports send them are read back, and a newcomer sees both on the sink's page.
import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { expect, test } from '@playwright/test';
import { latestMail, latestSms, oneTimeCode } from '../support/messages';
import { E2E_MESSAGE_PORTS, MAIL_CATCHER, readState, SMS_SINK } from '../support/system-under-test';
import { screenshot } from '../support/ui';

/** One SMTP conversation, each command sent once the server has answered the previous one with 2xx/3xx. */
function sendOverSmtp(port: number, from: string, to: string, message: string): Promise<void> {
  const steps = [`EHLO e2e.test`, `MAIL FROM:<${from}>`, `RCPT TO:<${to}>`, 'DATA', `${message}\r\n.`, 'QUIT'];
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      // A reply is complete at a line 'NNN text' (a space after the code); 'NNN-text' lines continue it.
      const lines = buffered.split('\r\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!/^\d{3} /.test(line)) continue;
        if (!/^[23]/.test(line)) {
          socket.destroy();
          reject(new Error(`SMTP refused: ${line}`));
          return;
        }
        const next = steps.shift();
        if (next === undefined) socket.end();
        else socket.write(`${next}\r\n`);
      }
    });
    socket.on('end', () => (steps.length === 0 ? resolve() : reject(new Error(`SMTP closed before: ${steps[0]}`))));
    socket.on('error', reject);
  });
}

test('the API is pointed at the run’s own catcher and sink', () => {
  const env = readState()?.env ?? {};
  expect(env.SMTP_URL).toBe(`smtp://127.0.0.1:${E2E_MESSAGE_PORTS.MAIL_SMTP_PORT}`);
  expect(env.SMS_GATEWAY_URL).toBe(`${SMS_SINK}/sms`);
});

test('a mail sent to the catcher is read back: subject, text, links, Message-ID', async () => {
  const to = `reader-${randomUUID()}@example.test`;
  const after = new Date();
  const link = `http://127.0.0.1:3100/reset-password?token=${randomUUID()}`;
  const message = [
    'From: Originate Bank <no-reply@originate.test>',
    `To: ${to}`,
    'Subject: Reset your password',
    'Message-ID: <reset-1@originate.test>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Open ${link} within 30 minutes.`,
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<p><a href="${link.replace('?', '?lang=en&amp;')}">Reset your password</a></p>`,
    '--b1--',
  ].join('\r\n');
  await sendOverSmtp(E2E_MESSAGE_PORTS.MAIL_SMTP_PORT, 'no-reply@originate.test', to, message);

  const mail = await latestMail(to, { after, subject: 'Reset your password' });
  expect(mail.to).toEqual([to]);
  expect(mail.subject).toBe('Reset your password');
  expect(mail.text).toContain('within 30 minutes');
  expect(mail.links).toEqual([link, link.replace('?', '?lang=en&')]);
  expect(mail.messageId).toBe('<reset-1@originate.test>');
  // Another address's mail is not this one's.
  await expect(latestMail(`other-${to}`, { after, timeoutMs: 1000 })).rejects.toThrow(/no mail to other-/);
});

test('an SMS posted to the sink is read back, and shown beside the mails', async ({ page }) => {
  const to = `+9190${String(Date.now()).slice(-8)}`;
  const after = new Date();
  const otherNumber = `+9191${String(Date.now()).slice(-8)}`;
  const post = (text: string, reference: string, number = to) =>
    fetch(`${SMS_SINK}/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: number, text, reference }),
    });
  expect((await post('Your Originate code is 204817. It expires in 5 minutes.', randomUUID())).status).toBe(202);
  const newest = `Your Originate code is 771302. It expires in 5 minutes.`;
  const reference = randomUUID();
  expect((await post(newest, reference)).status).toBe(202);
  expect((await post(newest, reference)).status).toBe(200);

  const sms = await latestSms(to, { after });
  expect(sms).toMatchObject({ to, text: newest, reference, repeats: 1 });
  expect(oneTimeCode(sms.text)).toBe('771302');

  const subject = `Sanction letter ${reference.slice(0, 8)}`;
  await sendOverSmtp(
    E2E_MESSAGE_PORTS.MAIL_SMTP_PORT,
    'no-reply@originate.test',
    'applicant@example.test',
    `From: no-reply@originate.test\r\nTo: applicant@example.test\r\nSubject: ${subject}\r\n\r\nYour loan is sanctioned.`,
  );
  await latestMail('applicant@example.test', { after, subject });

  // This number's SMS only: the specs beside this one post theirs to the same sink.
  await page.goto(`${SMS_SINK}/?to=${encodeURIComponent(to)}`);
  await expect(page.getByRole('heading', { name: `SMS sent to ${to} (2)` })).toBeVisible();
  const first = page.getByRole('listitem').first();
  await expect(first).toContainText(to);
  await expect(first).toContainText('771302');
  await expect(first).toContainText('arrived 2× (same reference)');
  await expect(page.getByRole('link', { name: 'open the mail catcher in its own tab' })).toHaveAttribute(
    'href',
    `${MAIL_CATCHER}/`,
  );
  await expect(page.frameLocator('iframe[title="Mail catcher"]').getByText(subject).first()).toBeVisible();
  await screenshot(page, 'sms-sink-beside-mail');
  // The page redraws itself: an SMS that arrives while it is open comes first, its text as text.
  expect((await post('Your application <b>PL-1</b> is sanctioned.', randomUUID())).status).toBe(202);
  expect((await post('Another applicant’s code is 999999.', randomUUID(), otherNumber)).status).toBe(202);
  await expect(first).toContainText('Your application <b>PL-1</b> is sanctioned.');
  await expect(page.locator('#count')).toHaveText('3');
});
