import { useLocation } from '@remix-run/react';
import { type ReactNode, createContext, useContext, useEffect, useRef, useState } from 'react';
import { useOptionalUser, useT } from '~/components/shell-context';
import { type NotificationPoller, type PollerClock, countFromAnswer, createNotificationPoller } from '~/domain/notification-poller';

const NotificationCount = createContext<number | null>(null);

/** The browser's clock, read at each call (tests may install a fake one before the page runs). */
const browserClock: PollerClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(typeof handle === 'number' ? handle : undefined),
};

/**
 * Polls the booking messages while a user is signed in (never for visitors) and gives the
 * count to the header's badges. Mounted once per page in the header, however many copies of
 * the account area the header renders. Triggers: the start, every 30 s, a page change, the
 * window coming back to the front; the poller folds those within a second into one request.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const user = useOptionalUser();
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);
  const poller = useRef<NotificationPoller | null>(null);
  const userId = user?.userId ?? null;
  const orgId = user?.org_id ?? null;

  useEffect(() => {
    setCount(null);
    if (!userId || !orgId) return;
    const current = createNotificationPoller({
      clock: browserClock,
      request: async () => {
        const response = await fetch('/api/bookingHistory/getCountMessages', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ user_id: userId, org_id: orgId }),
        });
        return countFromAnswer(response.status, await response.json().catch(() => null));
      },
      onCount: setCount,
      onSignedOut: () => setCount(null),
    });
    poller.current = current;
    current.start();
    const again = () => {
      if (document.visibilityState === 'visible') current.trigger();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      current.stop();
      poller.current = null;
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [userId, orgId]);

  useEffect(() => {
    poller.current?.trigger();
  }, [pathname]);

  return <NotificationCount.Provider value={userId ? count : null}>{children}</NotificationCount.Provider>;
}

/** The header's booking-messages badge: a link to the user's bookings named 'Notifications: N'. */
export function NotificationsBadge() {
  const count = useContext(NotificationCount);
  const user = useOptionalUser();
  const t = useT();
  if (!user || count === null) return null;
  const label = t('header.notifications', { count });
  return (
    // Plain: the header's link handler opens it in the app.
    <a className="notifications-link" href={`${user.role === 'agent' ? '/agent/profile' : '/user/profile'}#my-bookings`} data-count={count}>
      <svg className="bell-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          fill="currentColor"
        />
      </svg>
      <span className={count > 0 ? 'badge badge-count' : 'badge badge-count badge-zero'} aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{label}</span>
    </a>
  );
}
