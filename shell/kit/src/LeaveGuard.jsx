// An edited form asks before it is left: another screen of the panel (a menu link, Anuluj, Back)
// through React Router's blocker, and closing or reloading the tab through the browser's own
// question (beforeunload: browsers show their own text, never the page's).
import { useCallback, useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './Dialog.jsx';

export const LEAVE = {
  title: 'Opuścić formularz?',
  body: 'Zmiany wprowadzone w formularzu nie zostały zapisane. Jeśli go opuścisz, przepadną.',
  leave: 'Opuść bez zapisywania',
  stay: 'Zostań w formularzu',
};

/** While `when`, leaving asks first. */
export function LeaveGuard({ when }) {
  useEffect(() => {
    if (!when) return undefined;
    const ask = (event) => {
      event.preventDefault();
      event.returnValue = ''; // older Chromium asks only when returnValue is set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  // useBlocker needs a data router (the shell's createBrowserRouter); a test's MemoryRouter has none.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <InAppGuard when={when} /> : null;
}

function InAppGuard({ when }) {
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
    [when],
  );
  const blocker = useBlocker(shouldBlock);
  const asking = blocker.state === 'blocked';
  return (
    <ConfirmDialog
      show={asking}
      title={LEAVE.title}
      body={LEAVE.body}
      confirmLabel={LEAVE.leave}
      cancelLabel={LEAVE.stay}
      onConfirm={() => asking && blocker.proceed()}
      onCancel={() => asking && blocker.reset()}
    />
  );
}
