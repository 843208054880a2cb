// /jobs, 'Zadania': the server's periodic jobs, how their last run went and when the next one is
// (GET /api/job/), and 'Uruchom teraz' (POST /api/job/<code>/run). A core screen of the shell,
// for super administrators (the server answers 403 to others).
import { api, formatDate, ListTable, Page, StatusBanner, useMe } from '@smogpanel/kit';
import { useCallback, useEffect, useState } from 'react';
import { isSuper } from '../accounts/users.js';

const CRUMBS = [{ label: 'Zadania' }];
const SUPER_ONLY = 'Zadania okresowe widzi tylko superadministrator.';

const decimal = (value) => String(value).replace('.', ',');

/** 60 -> 'co 1 min', 3600 -> 'co 1 godz.', 86400 -> 'co 24 godz.', 5 -> 'co 5 s'. */
export function every(seconds) {
  if (seconds % 3600 === 0) return `co ${seconds / 3600} godz.`;
  if (seconds % 60 === 0) return `co ${seconds / 60} min`;
  return `co ${seconds} s`;
}

export function duration(ms) {
  if (ms === null || ms === undefined) return '';
  return ms < 1000 ? `${ms} ms` : `${decimal((ms / 1000).toFixed(1))} s`;
}

export function outcome(row) {
  if (row.running) return <span className="badge text-bg-info">W toku</span>;
  if (row.outcome === 'ok') return <span className="badge text-bg-success">Udane</span>;
  if (row.outcome === 'error') return <span className="badge text-bg-danger">Błąd</span>;
  return <span className="text-muted">Jeszcze nie uruchomione</span>;
}

/** The publishes the last run found late (the server was down at their time): each with 'Opublikuj
 * teraz', which publishes that version again now (a new version, the same content). */
export function LatePublishes({ late, onPublish, done = {} }) {
  const publishes = (late || []).filter((change) => change.action === 'publish');
  if (!publishes.length) return null;
  return (
    <ul className="list-unstyled small mt-2 mb-0" data-testid="late-publishes">
      {publishes.map((change) => {
        const key = `${change.kind}-${change.record_id}-${change.seq}`;
        const name = change.name || `${change.kind} ${change.record_id}`;
        return (
          <li key={key} className="d-flex align-items-center gap-2 mb-1">
            <span>
              Opóźniona publikacja: {name} (wersja {change.seq}, plan: {formatDate(change.at)})
            </span>
            {done[key] ? (
              <span className="text-success" role="status">
                {done[key]}
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary text-nowrap"
                aria-label={`Opublikuj teraz: ${name}`}
                onClick={() => onPublish(change, key)}>
                Opublikuj teraz
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const POLL_MS = 1000; // while a job runs, the list is asked again this often

const columns = (onRun, busy, onPublish, published) => [
  {
    name: 'title',
    label: 'Zadanie',
    render: (row) => (
      <>
        {row.title}
        <div className="small text-muted">{row.code}</div>
      </>
    ),
  },
  { name: 'interval', label: 'Harmonogram', render: (row) => every(row.interval) },
  { name: 'started', label: 'Ostatnie uruchomienie', type: 'date' },
  { name: 'next_run', label: 'Następne uruchomienie', type: 'date' },
  { name: 'duration_ms', label: 'Czas trwania', render: (row) => duration(row.duration_ms) },
  { name: 'outcome', label: 'Wynik', render: outcome },
  {
    name: 'details',
    label: 'Błąd albo podsumowanie',
    render: (row) =>
      row.error ? (
        <span className="text-danger">{row.error}</span>
      ) : (
        <>
          {row.summary || ''}
          <LatePublishes late={row.late} onPublish={onPublish} done={published} />
        </>
      ),
  },
  { name: 'runs', label: 'Uruchomienia (błędy)', render: (row) => `${row.runs} (${row.failures})` },
  {
    name: 'run',
    label: 'Operacje',
    render: (row) => (
      <button
        type="button"
        className="btn btn-sm btn-outline-primary text-nowrap"
        disabled={row.running || busy}
        aria-label={`Uruchom teraz: ${row.title}`}
        onClick={() => onRun(row)}>
        Uruchom teraz
      </button>
    ),
  },
];

export function Jobs() {
  const me = useMe();
  const [state, setState] = useState({ rows: null, errors: [], failed: false });
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const load = useCallback(() => {
    api.get('/job/').then(
      (rows) => setState({ rows: (rows || []).map((row) => ({ ...row, id: row.code })), errors: [], failed: false }),
      (error) => setState({ rows: [], errors: error.errors || [], failed: true }),
    );
  }, []);
  const superAdmin = isSuper(me);
  useEffect(() => {
    if (superAdmin) load();
  }, [superAdmin, load]);
  // A run going on (started here or by the scheduler): the list follows it until it ends.
  const running = (state.rows || []).some((row) => row.running);
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(load, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, state.rows, load]);

  const [published, setPublished] = useState({}); // 'Opublikuj teraz' done, by late change
  async function publishNow(change, key) {
    setOutcome({ status: 'loading', errors: [] });
    try {
      const answer = await api.post(`/${change.kind}/${change.record_id}/publish`, { seq: change.seq });
      setPublished((now) => ({ ...now, [key]: `Opublikowano teraz jako wersję ${answer.published}.` }));
      setOutcome({ status: 'idle', errors: [] });
    } catch (error) {
      setOutcome({ status: 'error', errors: error.errors || [] });
    }
  }

  async function run(row) {
    setOutcome({ status: 'loading', errors: [] });
    try {
      await api.post(`/job/${encodeURIComponent(row.code)}/run`, {});
      setOutcome({ status: 'started', errors: [], title: row.title });
      setState((current) => ({
        ...current,
        rows: current.rows.map((other) => (other.code === row.code ? { ...other, running: true } : other)),
      }));
    } catch (error) {
      setOutcome({ status: 'error', errors: error.errors || [] });
      load();
    }
  }

  if (!superAdmin) {
    return (
      <Page crumbs={CRUMBS}>
        <div className="alert alert-warning" role="alert">
          {SUPER_ONLY}
        </div>
      </Page>
    );
  }
  const refresh = (
    <button type="button" className="btn btn-sm btn-outline-primary" onClick={load}>
      Odśwież
    </button>
  );
  return (
    <Page crumbs={CRUMBS} actions={[refresh]}>
      <p className="text-muted">
        Serwer wykonuje te zadania sam, według harmonogramu; przy kilku procesach lub serwerach każde uruchomienie
        odbywa się raz. Godziny w czasie polskim.
      </p>
      {state.failed && <StatusBanner status="error" errors={state.errors} />}
      {outcome.status === 'started' ? (
        <div className="alert alert-success" role="status">
          Zadanie „{outcome.title}” zostało uruchomione. Wynik pojawi się w tabeli, gdy się skończy.
        </div>
      ) : (
        <StatusBanner {...outcome} />
      )}
      <ListTable
        columns={columns(run, outcome.status === 'loading', publishNow, published).map((column) => ({
          ...column,
          sortable: false,
        }))}
        rows={state.rows || []}
        loading={state.rows === null}
      />
    </Page>
  );
}
