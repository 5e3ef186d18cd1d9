import type { ConsentSetAnswer } from '@originate/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ConsentsController } from '../../../api/useConsents';
import { ConsentPanel } from './ConsentPanel';

const SET: ConsentSetAnswer = {
  productCode: 'PL',
  componentId: 'PL_SUMMARY',
  consents: [
    {
      consentId: 'declaration',
      kind: 'DECLARATION',
      title: 'Declaration',
      text: 'I declare that the information is true.\n\nI authorise the Bank to verify it.',
      version: 2,
      mandatory: true,
      hash: 'a'.repeat(64),
    },
    {
      consentId: 'communication',
      kind: 'COMMUNICATION',
      title: 'Communication',
      text: 'You may contact me by SMS, e-mail and WhatsApp.',
      version: 1,
      mandatory: false,
      hash: 'b'.repeat(64),
    },
  ],
};

function controller(over: Partial<ConsentsController> = {}): ConsentsController {
  return {
    set: SET,
    accepted: new Set(),
    missing: SET.consents.filter((c) => c.mandatory),
    pending: null,
    error: null,
    toggle: jest.fn(),
    ...over,
  };
}

describe('ConsentPanel', () => {
  it('shows each text in full in its own scrollable region, each with its own checkbox, required or optional', () => {
    render(<ConsentPanel consents={controller()} showMissing={false} />);
    const declaration = screen.getByRole('region', { name: 'Declaration, version 2' });
    expect(within(declaration).getByText('I declare that the information is true.')).toBeTruthy();
    expect(within(declaration).getByText('I authorise the Bank to verify it.')).toBeTruthy();
    expect(declaration.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('region', { name: 'Communication, version 1' })).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(
      screen.getByRole('checkbox', { name: 'I have read and accept: Declaration' }).getAttribute('aria-required'),
    ).toBe('true');
    expect(
      screen.getByRole('checkbox', { name: 'I have read and accept: Communication' }).getAttribute('aria-required'),
    ).toBe('false');
    expect(screen.getByText('(required)')).toBeTruthy();
    expect(screen.getByText('(optional)')).toBeTruthy();
  });

  it('a tick asks to record that consent alone; an accepted one shows ticked', () => {
    const consents = controller({ accepted: new Set(['communication']) });
    render(<ConsentPanel consents={consents} showMissing={false} />);
    expect(
      (screen.getByRole('checkbox', { name: 'I have read and accept: Communication' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept: Declaration' }));
    expect(consents.toggle).toHaveBeenCalledWith('declaration', true);
    expect(consents.toggle).toHaveBeenCalledTimes(1);
  });

  it('after a refused Next the missing mandatory consents are marked invalid', () => {
    render(<ConsentPanel consents={controller()} showMissing />);
    expect(
      screen.getByRole('checkbox', { name: 'I have read and accept: Declaration' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      screen.getByRole('checkbox', { name: 'I have read and accept: Communication' }).hasAttribute('aria-invalid'),
    ).toBe(false);
  });

  it('while a tick is recorded the boxes wait, keeping keyboard focus', () => {
    const consents = controller({ pending: 'declaration' });
    render(<ConsentPanel consents={consents} showMissing={false} />);
    for (const box of screen.getAllByRole('checkbox')) {
      expect((box as HTMLInputElement).disabled).toBe(false);
      expect(box.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(box);
    }
    expect(consents.toggle).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Recording')).toBeTruthy();
  });
});
