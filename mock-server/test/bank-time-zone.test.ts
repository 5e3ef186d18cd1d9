// The bank's time zone as configuration (config Admin/Configurations `bankTimeZone`, Asia/Kolkata when not set):
// changed only by an operations admin through PUT /setup/configs, checked as an IANA zone (400 naming the field),
// audited, and followed by the server's letters (their date, the template's {{today}}).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, formatBankDate } from '@originate/contract';
import { officersHomeLoanAndForeign } from './flow-helpers';
import { call, type Login, labels, loginStaff, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;
let homeLoan: string;

const url = API_PATHS.setupConfig.replace(':type', 'Admin').replace(':name', 'Configurations');
const put = (who: Login, bankTimeZone: unknown) =>
  call(s.app, 'PUT', url, who, { chatbotScriptUrl: null, bankTimeZone });
/** The template's {{today}} as the server renders it now (an SMS preview: its text). */
const today = async () => {
  const res = await call(s.app, 'POST', API_PATHS.previewTemplate, officer, {
    applicationId: homeLoan,
    template_type: 'SMS',
    subject: null,
    body: 'Dated {{today}}',
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ text: string }>().text;
};

before(async () => {
  s = await startServer();
  ({ officer, admin } = await loginStaff(s.app));
  ({ homeLoan } = await officersHomeLoanAndForeign(s.app, officer, []));
});
after(() => s.close());

describe('config Admin/Configurations bankTimeZone', () => {
  it('is Asia/Kolkata until set: letters are dated by the bank’s day in India', async () => {
    assert.equal(await today(), `Dated ${formatBankDate(s.app.ctx.now(), 'Asia/Kolkata')}`);
  });

  it('refuses what is no IANA zone, naming the field, and anyone but an operations admin', async () => {
    for (const bad of ['Mars/Olympus', '+05:30', 'IST', 42]) {
      const res = await put(admin, bad);
      assert.equal(res.statusCode, 400, String(bad));
      assert.deepEqual(labels(res), ['bankTimeZone']);
    }
    assert.equal((await put(officer, 'Asia/Dubai')).statusCode, 403);
    assert.equal(await today(), `Dated ${formatBankDate(s.app.ctx.now(), 'Asia/Kolkata')}`, 'nothing changed');
  });

  it('set by an admin, audited, served to the back office and the portal, and the letters follow it (the day in Pago Pago, then in Kiritimati)', async () => {
    for (const zone of ['Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
      const res = await put(admin, zone);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(await today(), `Dated ${formatBankDate(s.app.ctx.now(), zone)}`);
      const staff = await call(s.app, 'GET', API_PATHS.adminConfigurations, officer);
      assert.equal(((await opened(staff, officer)) as { bankTimeZone: string }).bankTimeZone, zone);
      const portal = await call(s.app, 'GET', API_PATHS.portalBranding);
      assert.equal(portal.json<{ bankTimeZone: string }>().bankTimeZone, zone);
    }
    const [audit] = await s.app.ctx.db.query<{ new_value: { bankTimeZone: string }; user_id: string }>(
      `SELECT new_value, user_id FROM config_audits WHERE kind = 'CONFIG' AND config_key = 'Admin/Configurations'
        ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(audit?.new_value.bankTimeZone, 'Pacific/Kiritimati');
    assert.equal(audit?.user_id, admin.user.userid);
  });
});
