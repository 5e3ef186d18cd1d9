// A save may only carry the joint applicants the portal could have added (the engine's
// canAddJointApplicant: maximumJointApplicants, enableMultipleCoApplicant, a section for the type).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, type JointApplicant } from '@originate/contract';
import {
  type Applicant,
  encrypted,
  homeLoanBody,
  issues,
  newHomeLoan,
  newPersonalLoan,
  personalLoanBody,
} from './flow-helpers';
import { startServer, type TestServer } from './helpers';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(() => s.close());

const joint = (applicantId: string, applicantType: JointApplicant['applicantType']): JointApplicant => ({
  applicantId,
  applicantType,
  customFields: {},
});

const save = (who: Applicant, body: unknown) =>
  encrypted(s.app, 'POST', API_PATHS.consumerSaveOrUpdate, who.headers, body);

const TOO_MANY = { label: 'jointApplicants', reason: 'is more than this product allows (at most 2, each once)' };

describe('joint applicants on a save', () => {
  it('the home loan takes up to two (co-applicants and a guarantor)', async () => {
    const a = await newHomeLoan(s.app);
    const two = [joint('co-1', 'secondary'), joint('gu-1', 'guarantor')];
    const res = await save(a, homeLoanBody({ application_id: a.applicationId, jointApplicants: two }));
    assert.equal(res.statusCode, 200, res.body);
  });

  it('a third joint applicant is refused naming the list', async () => {
    const a = await newHomeLoan(s.app);
    const three = [joint('co-1', 'secondary'), joint('co-2', 'secondary'), joint('gu-1', 'guarantor')];
    const res = await save(a, homeLoanBody({ application_id: a.applicationId, jointApplicants: three }));
    assert.deepEqual(issues(res), [TOO_MANY]);
  });

  it('the same applicant id twice is refused', async () => {
    const a = await newHomeLoan(s.app);
    const twice = [joint('co-1', 'secondary'), joint('co-1', 'secondary')];
    const res = await save(a, homeLoanBody({ application_id: a.applicationId, jointApplicants: twice }));
    assert.deepEqual(issues(res), [TOO_MANY]);
  });

  it('a product without joint sections takes none', async () => {
    const a = await newPersonalLoan(s.app);
    const res = await save(
      a,
      personalLoanBody({ application_id: a.applicationId, jointApplicants: [joint('co-1', 'secondary')] }),
    );
    assert.equal(issues(res)[0]?.label, 'jointApplicants');
  });
});
