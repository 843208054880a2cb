// 'Historia zmian': the whole history, filtered by kind, operator, action and days, paged,
// each entry with 'Przywróć tę wersję'. Loaded on demand (lazy-history-log).
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api.js';
import HistoryEntries from './HistoryEntries.jsx';
import { ACTIONS, revertEntry } from './history.js';
import { StatusBanner } from './StatusBanner.jsx';

export const PER_PAGE = 50;
const EMPTY = { kind: '', user_id: '', action: '', from: '', to: '' };

/** The query of GET /api/history/ for the filters chosen (empty ones left out) and a page. */
export function historyQuery(filters, page) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return { ...query, page, per_page: PER_PAGE };
}

export const pageCount = (total) => Math.max(1, Math.ceil(total / PER_PAGE));

function Select({ id, label, value, onChange, options }) {
  return (
    <div className="col-6 col-md">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Wszystkie</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateInput({ id, label, value, onChange }) {
  return (
    <div className="col-6 col-md">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="form-control form-control-sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export default function HistoryLog() {
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const [state, setState] = useState({ loading: true, list: [], total: 0, kinds: [] });
  const [users, setUsers] = useState([]);
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });

  // Filters change faster than answers come: only the newest question's answer is shown (an
  // older one arriving last would show entries the filters no longer ask for).
  const newest = useRef(0);
  const load = useCallback(() => {
    const asked = ++newest.current;
    return api.get('/history/', historyQuery(filters, page)).then(
      (message) =>
        asked === newest.current &&
        setState({ loading: false, list: message.list, total: message.total, kinds: message.kinds || [] }),
      (error) => asked === newest.current && setOutcome({ status: 'error', errors: error.errors || [] }),
    );
  }, [filters, page]);
  useEffect(() => {
    load();
  }, [load]);
  useEffect(() => {
    api.get('/user/', { order: 'id', asc: 1 }).then(
      (message) => setUsers(message.list),
      () => setUsers([]),
    );
  }, []);

  const set = (name) => (value) => {
    setFilters({ ...filters, [name]: value });
    setPage(1);
  };

  async function revert(entry) {
    setOutcome({ status: 'loading', errors: [] });
    const result = await revertEntry(entry);
    setOutcome(result);
    if (result.status === 'success') load();
  }

  const pages = pageCount(state.total);
  return (
    <>
      <form className="row g-2 align-items-end mb-3" aria-label="Filtry historii" onSubmit={(e) => e.preventDefault()}>
        <Select
          id="history-kind"
          label="Rodzaj"
          value={filters.kind}
          onChange={set('kind')}
          options={state.kinds.map((k) => [k.kind, k.label])}
        />
        <Select
          id="history-user"
          label="Operator"
          value={filters.user_id}
          onChange={set('user_id')}
          options={users.map((u) => [String(u.id), u.email])}
        />
        <Select
          id="history-action"
          label="Czynność"
          value={filters.action}
          onChange={set('action')}
          options={Object.entries(ACTIONS)}
        />
        <DateInput id="history-from" label="Od dnia" value={filters.from} onChange={set('from')} />
        <DateInput id="history-to" label="Do dnia" value={filters.to} onChange={set('to')} />
      </form>
      <StatusBanner {...outcome} />
      {state.loading ? (
        <p>Wczytywanie...</p>
      ) : (
        <HistoryEntries entries={state.list} onRevert={revert} showRecord busy={outcome.status === 'loading'} />
      )}
      <nav className="d-flex align-items-center gap-2 mt-3" aria-label="Strony historii">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}>
          Poprzednia
        </button>
        <span>
          Strona {page} z {pages} (wpisów: {state.total})
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}>
          Następna
        </button>
      </nav>
    </>
  );
}
