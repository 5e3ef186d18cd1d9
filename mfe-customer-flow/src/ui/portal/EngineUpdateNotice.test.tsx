import { fireEvent, render, screen } from '@testing-library/react';
import { EngineUpdateNotice } from './EngineUpdateNotice';

describe('EngineUpdateNotice', () => {
  it('says the form was updated, how to continue, and reloads on the button', () => {
    const onReload = jest.fn();
    render(<EngineUpdateNotice keptOnDevice onReload={onReload} />);
    const notice = screen.getByRole('status', { name: 'This form was updated' });
    expect(notice.textContent).toContain('Reload the page to continue. What you have entered is kept on this device.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('tells staff that what was saved is kept (their work is on the server, not the device)', () => {
    render(<EngineUpdateNotice keptOnDevice={false} onReload={jest.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('Reload the page to continue. What was saved is kept.');
  });
});
