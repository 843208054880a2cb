// 'Historia zmian': the whole history, filtered by kind, operator, action, a record's name and
// days, paged (pagers above and below), each entry with 'Przywróć tę wersję'. Filters and page
// live in the URL, so Back and a shared link restore them. Loaded on demand (lazy-history-log).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from './api.js';
import HistoryEntries from './HistoryEntries.jsx';
import { ACTIONS, revertEntry } from './history.js';
import { StatusBanner } from './StatusBanner.jsx';

export const PER_PAGE = 50;
export const FILTERS = ['kind', 'user_id', 'action', 'q', 'from', 'to'];
export const FROM_AFTER_TO = 'Data „od” nie może być późniejsza niż data „do”.';
const TYPING_PAUSE_MS = 300; // the name is asked about once typing pauses

/** The filters and page a URL's query holds. */
export function filtersOf(params) {
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) || '']));
  const page = Number.parseInt(params.get('page') || '1', 10);
  return { filters, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The Polish reason the days cannot be asked about, or ''. */
export const daysProblem = ({ from, to }) => (from && to && from > to ? FROM_AFTER_TO : '');

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

function DateInput({ id, label, value, onChange, problem }) {
  return (
    <div className="col-6 col-md">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'history-days-problem' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function Pager({ page, pages, total, onPage, where }) {
  return (
    <nav className="d-flex align-items-center gap-2 my-3" aria-label={`Strony historii (${where})`}>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}>
        Poprzednia
      </button>
      <span>
        Strona {page} z {pages} (wpisów: {total})
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}>
        Następna
      </button>
    </nav>
  );
}

export default function HistoryLog() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = filtersOf(params);
  const [typed, setTyped] = useState(filters.q);
  // The name typed follows the URL when Back or a link changes it (not when our own push does).
  const pushedQ = useRef(filters.q);
  if (filters.q !== pushedQ.current) {
    pushedQ.current = filters.q;
    setTyped(filters.q);
  }
  const [state, setState] = useState({ loading: true, list: [], total: 0, kinds: [] });
  const [users, setUsers] = useState([]);
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const problem = daysProblem(filters);
  const asked = JSON.stringify(historyQuery(filters, page));

  // Filters change faster than answers come: only the newest question's answer is shown (an
  // older one arriving last would show entries the filters no longer ask for).
  const newest = useRef(0);
  const load = useCallback(() => {
    const number = ++newest.current;
    if (problem) return Promise.resolve();
    return api.get('/history/', JSON.parse(asked)).then(
      (message) =>
        number === newest.current &&
        setState({ loading: false, list: message.list, total: message.total, kinds: message.kinds || [] }),
      (error) => number === newest.current && setOutcome({ status: 'error', errors: error.errors || [] }),
    );
  }, [asked, problem]);
  useEffect(() => {
    load();
  }, [load]);
  useEffect(() => {
    api.get('/user/', { order: 'id', asc: 1 }).then(
      (message) => setUsers(message.list),
      () => setUsers([]),
    );
  }, []);

  // The URL holds the filters: a change starts from the first page (Back restores the previous).
  const setFilters = useCallback(
    (changes) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          Object.entries(changes).forEach(([name, value]) => (value ? next.set(name, value) : next.delete(name)));
          next.delete('page');
          return next;
        },
        { replace: 'q' in changes },
      ),
    [setParams],
  );
  const set = (name) => (value) => setFilters({ [name]: value });
  const setPage = (number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(number));
      return next;
    });
  useEffect(() => {
    if (typed === filters.q) return undefined;
    const timer = setTimeout(() => {
      pushedQ.current = typed.trim() ? typed : '';
      setFilters({ q: pushedQ.current });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q, setFilters]);

  async function revert(entry) {
    setOutcome({ status: 'loading', errors: [] });
    const result = await revertEntry(entry);
    setOutcome(result);
    if (result.status === 'success') load();
  }

  const pages = pageCount(state.total);
  const pager = (where) => <Pager page={page} pages={pages} total={state.total} onPage={setPage} where={where} />;
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
        <div className="col-12 col-md">
          <label htmlFor="history-q" className="form-label">
            Nazwa elementu
          </label>
          <input
            id="history-q"
            type="search"
            className="form-control form-control-sm"
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <DateInput id="history-from" label="Od dnia" value={filters.from} onChange={set('from')} problem={problem} />
        <DateInput id="history-to" label="Do dnia" value={filters.to} onChange={set('to')} problem={problem} />
        {problem && (
          <div id="history-days-problem" className="col-12 invalid-feedback d-block" role="alert">
            {problem}
          </div>
        )}
      </form>
      <StatusBanner {...outcome} />
      {pager('u góry')}
      {state.loading ? (
        <p>Wczytywanie...</p>
      ) : (
        <HistoryEntries entries={state.list} onRevert={revert} showRecord busy={outcome.status === 'loading'} />
      )}
      {pager('na dole')}
    </>
  );
}
