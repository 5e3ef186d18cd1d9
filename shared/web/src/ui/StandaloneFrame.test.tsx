import { testSession } from '@originate/testing/fixtures';
import { act, render, screen } from '@testing-library/react';
import { clearSession, sessionAtom, sharedStore } from '../session/store';
import { StandaloneFrame } from './StandaloneFrame';

afterEach(() => {
  act(() => clearSession());
  sessionStorage.clear();
});

describe('StandaloneFrame', () => {
  it('asks to sign in, naming the remote, and hides its controls and pages until then', () => {
    render(
      <StandaloneFrame name="Applications" controls={<a href="/x">Pages</a>}>
        <p>the lists</p>
      </StandaloneFrame>,
    );
    expect(screen.getByText('Applications, standalone')).toBeTruthy();
    expect(screen.queryByText('Pages')).toBeNull();
    expect(screen.queryByText('the lists')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('signed in: the remote name, its controls, sign-out and its pages', () => {
    act(() => sharedStore.set(sessionAtom, testSession(['NOTIFICATION'])));
    render(
      <StandaloneFrame name="Notifications" controls={<a href="/x">Pages</a>}>
        <p>the page</p>
      </StandaloneFrame>,
    );
    expect(screen.getByText('Notifications')).toBeTruthy();
    expect(screen.getByText('Pages')).toBeTruthy();
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByText('Notifications, standalone')).toBeNull();
  });
});
