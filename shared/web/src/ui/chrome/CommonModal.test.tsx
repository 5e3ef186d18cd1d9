import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { sharedStore } from '../../session/store';
import { closeModal, modalAtom, openModal } from '../feedback';
import { ChromeHosts } from './ChromeHosts';
import { mayClose, modalMaxWidth } from './modalRules';

describe('modal rules', () => {
  it('defaults to md', () => {
    expect(modalMaxWidth({})).toBe('md');
    expect(modalMaxWidth({ size: 'lg' })).toBe('lg');
  });
  it('keeps backdrop and keyboard closed unless allowed', () => {
    expect(mayClose({}, 'backdropClick')).toBe(false);
    expect(mayClose({}, 'escapeKeyDown')).toBe(false);
    expect(mayClose({ allowBackdropClose: true }, 'backdropClick')).toBe(true);
    expect(mayClose({}, 'closeButton')).toBe(true);
  });
});

describe('common modal rendering', () => {
  const renderChrome = () =>
    render(
      <Provider store={sharedStore}>
        <ChromeHosts />
      </Provider>,
    );
  afterEach(() => act(() => closeModal()));

  it('renders the title, error and keyvalue entries, and closes on its close button', async () => {
    renderChrome();
    act(() =>
      openModal({
        title: 'We encountered following errors',
        showClose: true,
        entries: [
          { type: 'error', description: 'amount - is invalid' },
          { type: 'keyvalue', key: 'Application', value: 'APP-1' },
        ],
      }),
    );
    expect(await screen.findByText('We encountered following errors')).toBeTruthy();
    expect(screen.getByText('amount - is invalid')).toBeTruthy();
    expect(screen.getByText('Application')).toBeTruthy();
    expect(screen.getByText('APP-1')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Close'));
    expect(sharedStore.get(modalAtom)).toBeNull();
  });

  it('has no title bar when neither title nor close button is asked for', async () => {
    renderChrome();
    act(() => openModal({ message: 'Something bad happened; please try again later.' }));
    expect(await screen.findByText('Something bad happened; please try again later.')).toBeTruthy();
    expect(screen.queryByLabelText('Close')).toBeNull();
  });
});
