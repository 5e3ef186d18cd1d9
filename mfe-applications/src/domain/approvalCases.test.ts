// The four-eyes cases the contract and the server run, through what the approvals panel offers: the browser
// offers a decision exactly where the server's rule accepts one.
import { FOUR_EYES_CASES } from '@originate/contract/cases';
import { approval } from '../test/fixtures';
import { approvalOffer } from './detail';

describe('the approvals panel follows the shared four-eyes cases (FOUR_EYES_CASES)', () => {
  it.each(FOUR_EYES_CASES)('$name', ({ userId, facts, refusal }) => {
    // An approver of the level (the server's canAct) whom only the four-eyes facts may stop.
    const fourEyes = {
      capturedBy: [...facts.capturedBy],
      editedAfterSubmitBy: [...facts.editedAfterSubmitBy],
      approvedAtEarlierLevelsBy: [...facts.approvedAtEarlierLevelsBy],
      approvedAtThisLevelBy: [...facts.approvedAtThisLevelBy],
    };
    const offer = approvalOffer(approval({ fourEyes, canAct: true }), userId);
    if (refusal === null) {
      expect(offer).toEqual({ actions: ['approve', 'reject', 'forward', 'send_back'], refusal: null });
    } else {
      expect(offer).toEqual({ actions: [], refusal: `You cannot decide this approval: ${refusal}.` });
    }
  });
});
