import { render, screen, within } from '@testing-library/react';
import { FlowStepper } from './FlowStepper';

const identity = (text: string) => text;

describe('FlowStepper', () => {
  it("shows each section's filled percent, and a check mark only on a section passed and filled", () => {
    render(
      <FlowStepper
        translate={identity}
        entries={[
          { sectionId: 'a', label: 'About you', state: 'COMPLETE', percent: 100, toFill: true },
          { sectionId: 'b', label: 'Income', state: 'COMPLETE', percent: 50, toFill: true },
          { sectionId: 'd', label: 'Declaration', state: 'COMPLETE', percent: 0, toFill: true },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    expect(
      within(nav)
        .getAllByText(/% filled$/)
        .map((n) => n.textContent),
    ).toEqual([
      '100% filled',
      '50% filled',
      '0% filled',
      // the phone's line for the current (last) section
      'Declaration · 0% filled',
    ]);
    const checks = nav.querySelectorAll('.MuiStepLabel-iconContainer .MuiSvgIcon-root[data-testid="CheckCircleIcon"]');
    expect(checks).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Overall progress' }).getAttribute('aria-valuenow')).toBe('50');
  });

  it('shows no percent for a section with nothing to fill (a review), nor counts it in the bar', () => {
    render(
      <FlowStepper
        translate={identity}
        entries={[
          { sectionId: 'a', label: 'About you', state: 'COMPLETE', percent: 100, toFill: true },
          { sectionId: 'b', label: 'Loan details', state: 'INPROGRESS', percent: 50, toFill: true },
          { sectionId: 'r', label: 'Review', state: 'PENDING', percent: 100, toFill: false },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    expect(within(nav).getByText('Review')).toBeTruthy();
    expect(
      within(nav)
        .getAllByText(/% filled$/)
        .map((n) => n.textContent),
    ).toEqual(['100% filled', '50% filled', 'Loan details · 50% filled']);
    expect(screen.getByRole('progressbar', { name: 'Overall progress' }).getAttribute('aria-valuenow')).toBe('75');
  });
});
