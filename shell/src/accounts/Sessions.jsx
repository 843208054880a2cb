// 'Sesje logowania' on the profile: where the account is signed in (when, from which address,
// which browser), 'Wyloguj' per session and 'Wyloguj pozostałe'. Ending this device's session
// signs out here too. 'Wyloguj pozostałe' asks first and says how many sessions it ended.
import { api, ConfirmDialog, formatDate, logout, StatusBanner } from '@smogpanel/kit';
import { useCallback, useEffect, useState } from 'react';

export function Sessions() {
  const [sessions, setSessions] = useState(null);
  const [state, setState] = useState({ status: 'idle', errors: [] });
  const [asking, setAsking] = useState(false);
  const [ended, setEnded] = useState(null);

  const load = useCallback(() => {
    api.get('/user/sessions').then(
      (list) => setSessions(Array.isArray(list) ? list : []),
      (error) => setState({ status: 'error', errors: error.errors }),
    );
  }, []);
  useEffect(load, [load]);

  async function run(call, current = false) {
    setState({ status: 'loading', errors: [] });
    setEnded(null);
    let answer;
    try {
      answer = await call();
    } catch (error) {
      setState({ status: 'error', errors: error.errors });
      return null;
    }
    if (current) {
      logout();
      return null;
    }
    setState({ status: 'idle', errors: [] });
    load();
    return answer;
  }

  async function endOthers() {
    setAsking(false);
    const answer = await run(() => api.post('/user/sessions/end-others'));
    if (answer) setEnded(answer.ended);
  }

  const others = (sessions || []).filter((session) => !session.current).length;
  return (
    <section className="mt-4" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="h4">
        Sesje logowania
      </h2>
      <p className="text-muted">
        Urządzenia, na których jesteś zalogowany(-a). Nie rozpoznajesz któregoś? Wyloguj je i zmień hasło.
      </p>
      <StatusBanner status={state.status === 'loading' ? 'idle' : state.status} errors={state.errors} />
      {ended !== null && (
        <div className="alert alert-success" role="status">
          Wylogowano pozostałe urządzenia (zakończone sesje: {ended}).
        </div>
      )}
      {sessions && (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="sessions">
            <thead>
              <tr>
                <th scope="col">Zalogowano</th>
                <th scope="col">Ostatnia aktywność</th>
                <th scope="col">Adres</th>
                <th scope="col">Przeglądarka</th>
                <th scope="col">Sposób</th>
                <th scope="col">
                  <span className="visually-hidden">Akcje</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id} data-session={session.id}>
                  <td>{formatDate(session.created)}</td>
                  <td>{formatDate(session.last_seen)}</td>
                  <td>{session.address}</td>
                  <td>
                    {session.browser}
                    {session.current && <span className="badge text-bg-success ms-2">to urządzenie</span>}
                  </td>
                  <td>{session.method_label}</td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      disabled={state.status === 'loading'}
                      aria-label={`Wyloguj sesję: ${session.browser}, ${session.address}`}
                      onClick={() => run(() => api.delete(`/user/sessions/${session.id}`), session.current)}>
                      Wyloguj
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {others > 0 && (
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={state.status === 'loading'}
          onClick={() => setAsking(true)}>
          Wyloguj pozostałe
        </button>
      )}
      <ConfirmDialog
        show={asking}
        title="Wylogować pozostałe urządzenia?"
        body={`Zakończy sesje na pozostałych urządzeniach (${others}); to urządzenie zostanie zalogowane.`}
        confirmLabel="Tak, wyloguj"
        onConfirm={endOthers}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
