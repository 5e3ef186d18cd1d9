import type { RuntimeEnv } from '@originate/contract';
import { runtimeEnvAtom, sessionAtom } from '@originate/web';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createNotificationsService, type NotificationsService } from '../api/notificationsService';
import { NotificationsServiceContext } from '../api/useNotifications';
import { FakeSocket, notification, session } from '../test/fixtures';
import NotificationBell from './NotificationBell';
import NotificationsPage from './NotificationsPage';

const env: RuntimeEnv = {
  apiBaseUrl: 'http://127.0.0.1:4300',
  remotesManifestUrl: '',
  loginKey: 'k'.repeat(32),
  portalAppName: 'originate-backoffice',
};

let service: NotificationsService;
let socket: FakeSocket;

function mount(ui: ReactNode, roles = ['NOTIFICATION']) {
  const store = createStore();
  store.set(runtimeEnvAtom, env);
  store.set(sessionAtom, session({}, roles));
  const sockets: FakeSocket[] = [];
  service = createNotificationsService({
    store,
    openSocket: (url, auth) => {
      const s = new FakeSocket(url, auth);
      sockets.push(s);
      return s;
    },
    alert: () => undefined,
    now: Date.now,
  });
  if (sockets[0]) socket = sockets[0];
  return render(
    <Provider store={store}>
      <NotificationsServiceContext.Provider value={service}>
        <MemoryRouter>{ui}</MemoryRouter>
      </NotificationsServiceContext.Provider>
    </Provider>,
  );
}

const messages = [
  notification('n1', {
    username: 'Priya Sharma',
    messages: 'Application APP-1 assigned to you',
    createdAT: new Date(Date.now() - 5 * 60_000).toISOString(),
  }),
  notification('n2', {
    username: 'Rahul Verma',
    messages: 'Application APP-2 assigned to you',
    status: '1',
    isCounted: true,
    createdAT: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  }),
];

afterEach(() => service.dispose());
// The session atom persists in sessionStorage: each test starts signed out.
beforeEach(() => sessionStorage.clear());

describe('NotificationBell', () => {
  it('renders nothing for a user without the NOTIFICATION role', () => {
    const { container } = mount(<NotificationBell />, ['AGENT']);
    expect(container.innerHTML).toBe('');
  });

  it('is busy, and its panel says Loading…, until the first list arrives', async () => {
    mount(<NotificationBell />);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' });
    expect(within(panel).getByText('Loading…')).toBeTruthy();
    act(() => socket.serverSends('NOTIFICATION', { messages: [], count: 0 }));
    expect(bell.getAttribute('aria-busy')).toBe('false');
    expect(within(panel).getByText('All caught up')).toBeTruthy();
  });

  it('shows the unread count on the badge', () => {
    mount(<NotificationBell />);
    act(() => socket.serverSends('NOTIFICATION', { messages, count: 1 }));
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
    act(() => socket.serverSends('NEW', { notification: notification('n3'), count: 2 }));
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    expect(screen.getByRole('button', { name: 'Notifications, 2 new' })).toBeTruthy();
  });

  it('opening the panel marks all counted and lists notifications newest first with initials', async () => {
    mount(<NotificationBell />);
    act(() => socket.serverSends('NOTIFICATION', { messages: [messages[1], messages[0]], count: 1 }));
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(socket.emitted).toEqual([['UPDATE_COUNT', {}]]);
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' });
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('PSApplication APP-1 assigned to you5 min ago · Assigned'),
      expect.stringContaining('RVApplication APP-2 assigned to you3 hours ago · Assigned'),
    ]);
    expect(within(panel).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/notifications');
  });

  it('panel actions emit the contract events', async () => {
    mount(<NotificationBell />);
    act(() => socket.serverSends('NOTIFICATION', { messages, count: 0 }));
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    // The server counts everything the panel opened with.
    act(() => socket.serverSends('UPDATE_COUNT_RESULT', { notificationIds: ['n1'], count: 0 }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' });
    const [first] = within(panel).getAllByTestId('notification-item');
    if (!first) throw new Error('no notification rendered');
    fireEvent.click(within(first).getByRole('button', { name: 'Mark as viewed' }));
    fireEvent.click(within(first).getByRole('button', { name: 'Delete notification' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all unread' }));
    expect(socket.emitted).toEqual([
      ['UPDATE_COUNT', {}],
      ['UPDATE_VIEW', { notificationId: 'n1' }],
      ['DELETE_NOTIFICATION', { notificationId: 'n1' }],
      ['UPDATE_UNREAD', {}],
    ]);
  });

  it('a notification arriving while the panel is open is counted alone when read', async () => {
    mount(<NotificationBell />);
    act(() => socket.serverSends('NOTIFICATION', { messages, count: 1 }));
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    act(() => socket.serverSends('UPDATE_COUNT_RESULT', { notificationIds: ['n1'], count: 0 }));
    act(() => socket.serverSends('NEW', { notification: notification('n3', { messages: 'APP-3 for you' }), count: 1 }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' });
    const fresh = within(panel).getAllByTestId('notification-item')[0];
    if (!fresh) throw new Error('no notification rendered');
    fireEvent.click(within(fresh).getByRole('button', { name: 'Mark as viewed' }));
    expect(socket.emitted.slice(1)).toEqual([
      ['UPDATE_COUNT_BY_USER', { notificationId: 'n3' }],
      ['UPDATE_VIEW', { notificationId: 'n3' }],
    ]);
  });

  it('reflects server results: a deleted notification leaves the panel', async () => {
    mount(<NotificationBell />);
    act(() => socket.serverSends('NOTIFICATION', { messages, count: 0 }));
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    act(() => socket.serverSends('DELETE_NOTIFICATION_RESULT', { notificationId: 'n1', count: 0 }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' });
    expect(within(panel).getAllByTestId('notification-item')).toHaveLength(1);
  });
});

describe('NotificationsPage', () => {
  it('renders nothing for a user without the NOTIFICATION role', () => {
    const { container } = mount(<NotificationsPage basename="/notifications" />, ['AGENT']);
    expect(container.innerHTML).toBe('');
  });

  it('lists all notifications, filters unread, and shows the connection state', () => {
    mount(<NotificationsPage basename="/notifications" />);
    act(() => socket.serverSends('NOTIFICATION', { messages, count: 1 }));
    expect(screen.getAllByTestId('notification-item')).toHaveLength(2);
    expect(screen.getByRole('status').getAttribute('data-connection')).toBe('connecting');
    act(() => socket.serverSends('connect'));
    expect(screen.getByRole('status').getAttribute('data-connection')).toBe('connected');
    fireEvent.click(screen.getByRole('tab', { name: 'Unread (1)' }));
    expect(screen.getAllByTestId('notification-item').map((i) => i.getAttribute('data-unread'))).toEqual(['true']);
  });

  it('reading one notification on the page counts that one only: UPDATE_COUNT_BY_USER, the badge drops by one', () => {
    const unreadTwo = [
      ...messages,
      notification('n4', { messages: 'Application APP-4 assigned to you', createdAT: messages[0]?.createdAT }),
    ];
    mount(
      <>
        <NotificationBell />
        <NotificationsPage basename="/notifications" />
      </>,
    );
    act(() => socket.serverSends('NOTIFICATION', { messages: unreadTwo, count: 2 }));
    expect(screen.getByRole('button', { name: 'Notifications, 2 new' })).toBeTruthy();
    const items = screen.getAllByTestId('notification-item');
    const first = items[0];
    if (!first) throw new Error('no notification rendered');
    fireEvent.click(within(first).getByRole('button', { name: 'Mark as viewed' }));
    expect(socket.emitted).toEqual([
      ['UPDATE_COUNT_BY_USER', { notificationId: 'n1' }],
      ['UPDATE_VIEW', { notificationId: 'n1' }],
    ]);
    act(() => {
      socket.serverSends('UPDATE_COUNT_BY_USER_RESULT', { notificationId: 'n1', count: 1 });
      socket.serverSends('UPDATE_VIEW_RESULT', { notificationId: 'n1', count: 1 });
    });
    // The other unread one is still new: the badge shows it, and it still offers Mark as viewed.
    expect(screen.getByRole('button', { name: 'Notifications, 1 new' })).toBeTruthy();
    const unreadNow = screen
      .getAllByTestId('notification-item')
      .filter((i) => i.getAttribute('data-unread') === 'true');
    expect(unreadNow.map((i) => i.textContent)).toEqual([expect.stringContaining('APP-4')]);
    // Reading one already counted sends no second count.
    socket.emitted.length = 0;
    act(() => socket.serverSends('UPDATE_COUNT_BY_USER_RESULT', { notificationId: 'n4', count: 0 }));
    const [other] = unreadNow;
    if (!other) throw new Error('no unread notification rendered');
    fireEvent.click(within(other).getByRole('button', { name: 'Mark as viewed' }));
    expect(socket.emitted).toEqual([['UPDATE_VIEW', { notificationId: 'n4' }]]);
  });

  it('page actions emit the contract events', () => {
    mount(<NotificationsPage basename="/notifications" />);
    act(() => socket.serverSends('NOTIFICATION', { messages, count: 1 }));
    const [, second] = screen.getAllByTestId('notification-item');
    if (!second) throw new Error('no second notification rendered');
    fireEvent.click(within(second).getByRole('button', { name: 'Delete notification' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all unread' }));
    expect(socket.emitted).toEqual([
      ['DELETE_NOTIFICATION', { notificationId: 'n2' }],
      ['UPDATE_UNREAD', {}],
    ]);
  });
});
