import { useTheme } from '@mui/material/styles';
import { DEFAULT_THEME_CONFIG } from '@originate/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { sharedStore, themeConfigAtom } from '../session/store';
import { AppProviders } from './AppProviders';
import { dismissProblemToasts, dismissToast, showToast, toastsAtom } from './feedback';
import { ToastHost } from './ToastHost';

afterEach(() => {
  for (const toast of sharedStore.get(toastsAtom)) dismissToast(toast.id);
  sharedStore.set(themeConfigAtom, null);
});

describe('ToastHost', () => {
  it('shows the oldest toast, then the next once it is closed', async () => {
    render(<ToastHost />);
    act(() => {
      showToast('Team selection saved', 'success');
      showToast('You have new notification');
    });
    expect(await screen.findByText('Team selection saved')).toBeTruthy();
    expect(screen.queryByText('You have new notification')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('You have new notification')).toBeTruthy();
    expect(sharedStore.get(toastsAtom).map((t) => t.message)).toEqual(['You have new notification']);
  });

  it('drops the error and warning toasts once the work succeeded, keeping the others', async () => {
    render(<ToastHost />);
    act(() => {
      showToast('Please fill all mandatory fields', 'error');
      showToast('You are offline.', 'warning');
      showToast('You have new notification');
    });
    expect(await screen.findByText('Please fill all mandatory fields')).toBeTruthy();
    act(() => dismissProblemToasts());
    expect(await screen.findByText('You have new notification')).toBeTruthy();
    expect(sharedStore.get(toastsAtom).map((t) => t.message)).toEqual(['You have new notification']);
  });

  it("a toast's action button runs it and closes the toast", async () => {
    const onClick = jest.fn();
    render(<ToastHost />);
    act(() => showToast('Your application is saved', 'success', { label: 'Send me this link', onClick }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send me this link' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(sharedStore.get(toastsAtom)).toEqual([]);
  });

  it('renders nothing without toasts', () => {
    const { container } = render(<ToastHost />);
    expect(container.innerHTML).toBe('');
  });
});

function Primary() {
  return <span>{useTheme().palette.primary.main}</span>;
}

describe('AppProviders', () => {
  it('themes its children from themeConfigAtom and follows its changes', () => {
    render(
      <AppProviders>
        <Primary />
      </AppProviders>,
    );
    expect(screen.getByText(DEFAULT_THEME_CONFIG.primaryColor)).toBeTruthy();
    act(() => sharedStore.set(themeConfigAtom, { ...DEFAULT_THEME_CONFIG, primaryColor: '#6a1b9a' }));
    expect(screen.getByText('#6a1b9a')).toBeTruthy();
  });
});
