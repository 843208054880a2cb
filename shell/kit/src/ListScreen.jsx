// The list screen of every resource (loaded on demand: lazy-list), for lists of a few rows and of
// thousands alike: a search box, filters, pages of PER_PAGE rows with the row count (paging was
// measured against windowed rendering: docs/performance.md), sort, search, filters and page in
// the URL (Back and a shared link restore them; the list path alone, as Anuluj navigates to,
// restores the last ones), the scroll position kept, the export of the rows shown and the
// deletion of selected rows as one batch. The server searches, filters and pages.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { api, http } from './api.js';
import { useMay } from './auth.js';
import { ConfirmDialog } from './Dialog.jsx';
import { districtOptions, namesOf } from './selection.js';
import { loadGminy } from './gminy.js';
import { ListTable } from './ListTable.jsx';
import { withPublicationColumn } from './publishing.jsx';
import { listParams, useResourceState } from './resource.js';
import { parentKey, store } from './store.js';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

export const PER_PAGE = 50;
const SEARCH_DELAY_MS = 300;
const lastSearch = new Map(); // a list's path -> its last query string, for Anuluj and the menu
const scrolled = new Map(); // a list's path and query -> the page's scroll position

/** The query the URL holds: sort (the resource's default when absent; none with a search, whose
 * best matches the server lists first), q, page and filters. */
function queryOf(params, resource, filterNames) {
  const order = params.get('order') || (params.get('q') ? '' : resource.sort.order);
  const asc = params.has('asc') ? params.get('asc') === '1' : params.has('order') || resource.sort.asc;
  const query = {
    order,
    asc: Boolean(asc),
    q: params.get('q') || '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  for (const name of filterNames) query[name] = params.get(name) || '';
  return query;
}

const sameQuery = (a, b) => JSON.stringify(listParams(a || {})) === JSON.stringify(listParams(b || {}));

/** The voivodeship and district filters of gmina-keyed rows, their options from the gmina picker's list. */
function useGminaFilters(enabled, chosenVoivodeship) {
  const [gminy, setGminy] = useState(null);
  useEffect(() => {
    if (enabled) loadGminy().then(setGminy, () => setGminy([]));
  }, [enabled]);
  return useMemo(() => {
    if (!enabled) return [];
    const voivodeships = new Map();
    for (const gmina of gminy || []) voivodeships.set(String(gmina.voivodeship_id), gmina.voivodeship_name);
    const options = [...voivodeships.entries()]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, 'pl'));
    return [
      { name: 'voivodeship_id', label: 'Województwo', options, clears: ['district_id'] },
      { name: 'district_id', label: 'Powiat', options: districtOptions(gminy || [], chosenVoivodeship) },
    ];
  }, [enabled, gminy, chosenVoivodeship]);
}

/** The list's pages: the first, the previous, where it is, the next, the last, and any page by its number. */
function Pager({ page, pages, onPage }) {
  const [wanted, setWanted] = useState('');
  const step = (label, to, disabled) => (
    <li className={disabled ? 'page-item disabled' : 'page-item'}>
      <button type="button" className="page-link" disabled={disabled} onClick={() => onPage(to)}>
        {label}
      </button>
    </li>
  );
  function jump(event) {
    event.preventDefault();
    const number = Number.parseInt(wanted, 10);
    if (Number.isFinite(number)) onPage(Math.min(Math.max(number, 1), pages));
    setWanted('');
  }
  return (
    <nav aria-label="Strony listy" className="d-flex flex-wrap align-items-start gap-2">
      <ul className="pagination flex-wrap mb-0">
        {step('Pierwsza', 1, page <= 1)}
        {step('Poprzednia', page - 1, page <= 1)}
        <li className="page-item active" aria-current="page">
          <span className="page-link">
            Strona {page} z {pages}
          </span>
        </li>
        {step('Następna', page + 1, page >= pages)}
        {step('Ostatnia', pages, page >= pages)}
      </ul>
      <form className="d-flex gap-1" onSubmit={jump}>
        <label className="visually-hidden" htmlFor="list-page-number">
          Numer strony
        </label>
        <input
          id="list-page-number"
          type="number"
          min="1"
          max={pages}
          className="form-control form-control-sm"
          style={{ width: '6rem' }}
          placeholder={`1–${pages}`}
          value={wanted}
          onChange={(event) => setWanted(event.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-outline-primary">
          Przejdź
        </button>
      </form>
    </nav>
  );
}

/** Downloads the export of the rows the query leaves (every page), as .xlsx or .csv. */
async function download(resource, parent, query, columns, format) {
  const { page, ...rest } = query; // eslint-disable-line no-unused-vars
  const params = {
    ...listParams(rest),
    format,
    columns: JSON.stringify(columns.map((c) => [c.name, String(c.label), c.type || 'text'])),
  };
  const url = `${resource.listUrl(parent).replace(/\/$/, '')}/export`;
  try {
    const response = await http.get(url, { params, responseType: 'blob' });
    const named = /filename="([^"]+)"/.exec(response.headers['content-disposition'] || '');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(response.data);
    link.download = named ? named[1] : `lista.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    return { status: 'idle', errors: [] };
  } catch (error) {
    let errors = [];
    try {
      errors = JSON.parse(await error.response.data.text()).errors || [];
    } catch {
      // no envelope to read: the generic message
    }
    return { status: 'error', errors };
  }
}

/** The list itself, under the header screens.jsx's ListScreen draws (its props are documented there). */
export default function ListScreen({
  resource,
  parent,
  columns,
  rowLinks = [],
  deletable: declaredDeletable,
  deleteGuard,
  bulkDelete: declaredBulkDelete = declaredDeletable,
  filters = [],
  gminaFilters = false,
  searchHelp = 'nazwa, gmina, powiat, województwo, kod TERYT',
  children,
}) {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  // What the account may not do is not offered (the server refuses it anyway).
  const may = useMay(resource.kind);
  const deletable = declaredDeletable && may('delete');
  const bulkDelete = declaredBulkDelete && may('delete');
  const regionFilters = useGminaFilters(gminaFilters, params.get('voivodeship_id') || '');
  const allFilters = [...filters, ...regionFilters];
  const filterNames = [...filters.map((f) => f.name), ...(gminaFilters ? ['voivodeship_id', 'district_id'] : [])];
  const query = queryOf(params, resource, filterNames);
  const wanted = { ...query, per_page: PER_PAGE };
  const here = `${location.pathname}?${params.toString()}`;

  // Entering by the list path alone (Anuluj, a menu link) brings back the last search, sort and
  // page; clearing them on the screen later does not.
  const pending = useRef(location.search ? null : lastSearch.get(location.pathname) || null);
  if (pending.current && location.search) pending.current = null;
  const restoring = pending.current;
  useEffect(() => {
    if (restoring) setParams(new URLSearchParams(restoring), { replace: true });
    else lastSearch.set(location.pathname, params.toString());
  }, [restoring, location.pathname, params]); // eslint-disable-line react-hooks/exhaustive-deps

  const state = useResourceState(resource);
  const stored = state.lists[parentKey(parent)];
  const latest = useRef(null);
  useEffect(() => {
    if (restoring) return;
    latest.current = wanted;
    resource.list(parent, wanted).then(() => {
      // An older answer that arrived last would show another query's rows: ask again.
      const now = latest.current;
      const shownNow = store.get(resource.kind).lists[parentKey(parent)];
      if (now !== wanted && !sameQuery(shownNow && shownNow.query, now)) resource.list(parent, now);
    });
  }, [parentKey(parent), JSON.stringify(listParams(wanted)), restoring]); // eslint-disable-line react-hooks/exhaustive-deps

  const fresh = stored && sameQuery(stored.query, wanted);
  const shown = useRef({ list: [], total: 0 });
  if (fresh) shown.current = stored;
  const rows = shown.current.list || [];
  const total = shown.current.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  // The scroll position, kept per list and query, and restored once its rows are shown.
  const restored = useRef(null);
  useEffect(() => {
    const keep = () => scrolled.set(here, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true });
    return () => window.removeEventListener('scroll', keep);
  }, [here]);
  useEffect(() => {
    if (fresh && restored.current !== here) {
      restored.current = here;
      if (scrolled.has(here)) window.scrollTo(0, scrolled.get(here));
    }
  }, [fresh, here]);

  /** Changes the URL's query: `changes` of names to values ('' removes one); back to page 1 unless a page is given. */
  function change(changes, replace = false) {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [name, value] of Object.entries(changes)) {
      if (value === '' || value === null || value === undefined || (name === 'page' && value === 1)) next.delete(name);
      else next.set(name, String(value));
    }
    setParams(next, { replace });
  }

  // The search box: typed text goes to the URL after a pause (replacing, not stacking, history).
  const [typed, setTyped] = useState(query.q);
  useEffect(() => setTyped(query.q), [query.q]);
  useEffect(() => {
    if (typed === query.q) return undefined;
    const timer = setTimeout(() => change({ q: typed.trim() ? typed : '' }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]); // eslint-disable-line react-hooks/exhaustive-deps

  const [selected, setSelected] = useState(() => new Set());
  useEffect(() => setSelected(new Set()), [here]);
  // What the account may do with a row: the row says (`may`, by the server's rules), else the kind's.
  const mayOnRow = (row, action) => !Array.isArray(row.may) || row.may.includes(action);
  const selection = bulkDelete
    ? {
        selected,
        selectable: (row) => mayOnRow(row, 'delete'),
        toggle: (row) =>
          setSelected((now) => {
            const next = new Set(now);
            if (next.has(row.id)) next.delete(row.id);
            else next.add(row.id);
            return next;
          }),
        toggleAll: (every) => {
          const all = every.filter((row) => mayOnRow(row, 'delete'));
          setSelected((now) => (all.every((row) => now.has(row.id)) ? new Set() : new Set(all.map((row) => row.id))));
        },
      }
    : undefined;

  const [asking, setAsking] = useState(null); // the row waiting for the operator's answer
  const [askingBulk, setAskingBulk] = useState(false);
  const [notice, setNotice] = useState(null);
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });

  async function confirmDelete() {
    const row = asking;
    setAsking(null);
    setOutcome({ status: 'loading', errors: [] });
    const result = await resource.remove(row.id, parent);
    setOutcome(result.ok ? { status: 'success', errors: [] } : { status: 'error', errors: result.error.errors });
  }

  async function confirmBulk() {
    setAskingBulk(false);
    setOutcome({ status: 'loading', errors: [] });
    const ids = [...selected];
    const result = await resource.run('delete', () => api.post(`${resource.base}/bulk-delete`, { ids }), parent);
    if (result.ok) setSelected(new Set());
    setOutcome(result.ok ? { status: 'success', errors: [] } : { status: 'error', errors: result.error.errors });
  }

  async function exportAs(format) {
    setOutcome({ status: 'loading', errors: [] });
    setOutcome(await download(resource, parent, query, columns, format));
  }

  function askDelete(row) {
    const refusal = deleteGuard && deleteGuard(row);
    if (refusal) setNotice(refusal);
    else setAsking(row);
  }

  const hasRowActions = rowLinks.length > 0 || deletable;
  const rowActions = hasRowActions
    ? (row) => (
        <div className="d-inline-flex gap-1">
          {rowLinks
            .filter((link) => !link.shown || link.shown(row))
            .map((link) =>
              link.onClick ? (
                <button
                  key={link.label}
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={() => link.onClick(row)}>
                  {link.label}
                </button>
              ) : (
                <Link key={link.label} className="btn btn-sm btn-outline-primary" to={link.to(row)}>
                  {link.label === TEXT.edit && !mayOnRow(row, 'update') ? TEXT.view : link.label}
                </Link>
              ),
            )}
          {/* a row the guard explains (deleting oneself) keeps Usuń: it says why instead of asking */}
          {deletable && (mayOnRow(row, 'delete') || (deleteGuard && deleteGuard(row))) && (
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => askDelete(row)}>
              {TEXT.delete}
            </button>
          )}
        </div>
      )
    : undefined;

  const searching = query.q || filterNames.some((name) => query[name]);
  const first = (query.page - 1) * PER_PAGE;
  const error = state.status.error && !fresh;
  const banner = outcome.status !== 'idle' ? outcome : error ? { status: 'error', errors: state.errors } : null;
  const searchId = `list-search-${resource.kind}`;
  return (
    <>
      {banner && <StatusBanner status={banner.status} errors={banner.errors} />}
      {children}
      <div className="row g-2 align-items-end mb-2" role="search">
        <div className="col-12 col-md-5">
          <label htmlFor={searchId} className="form-label">
            Szukaj
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={typed}
            placeholder={searchHelp}
            aria-describedby={`${searchId}-help`}
            onChange={(e) => setTyped(e.target.value)}
          />
          <div id={`${searchId}-help`} className="visually-hidden">
            Szuka bez względu na wielkość liter i polskie znaki: {searchHelp}.
          </div>
        </div>
        {allFilters.map((filter) => (
          <div key={filter.name} className="col-6 col-md-3">
            <label htmlFor={`list-filter-${filter.name}`} className="form-label">
              {filter.label}
            </label>
            <select
              id={`list-filter-${filter.name}`}
              className="form-select"
              value={query[filter.name] || ''}
              onChange={(e) =>
                change({
                  [filter.name]: e.target.value,
                  ...Object.fromEntries((filter.clears || []).map((n) => [n, ''])),
                })
              }>
              <option value="">Wszystkie</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span aria-live="polite" className="me-auto" data-list-count={total}>
          {fresh || rows.length
            ? `${searching ? 'Znaleziono' : 'Wierszy'}: ${total}` +
              (total > PER_PAGE ? ` (pokazano ${first + 1}–${Math.min(first + PER_PAGE, total)})` : '')
            : TEXT.tableLoading}
        </span>
        {bulkDelete && selected.size > 0 && (
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setAskingBulk(true)}>
            Usuń zaznaczone ({selected.size})
          </button>
        )}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => exportAs('xlsx')}>
          Eksport .xlsx
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => exportAs('csv')}>
          Eksport .csv
        </button>
      </div>
      <ListTable
        columns={withPublicationColumn(columns, rows)}
        rows={rows}
        order={query.order}
        asc={query.asc}
        onSort={(name) => change({ order: name, asc: name === query.order && query.asc ? '0' : '1' })}
        loading={!fresh && !rows.length && !error}
        rowActions={rowActions}
        selection={selection}
        emptyText={query.q ? TEXT.noResults(query.q) : undefined}
      />
      {pages > 1 && <Pager page={query.page} pages={pages} onPage={(page) => change({ page })} />}
      <ConfirmDialog show={Boolean(asking)} onConfirm={confirmDelete} onCancel={() => setAsking(null)} />
      <ConfirmDialog
        show={askingBulk}
        onConfirm={confirmBulk}
        onCancel={() => setAskingBulk(false)}
        body={
          `Czy na pewno chcesz usunąć zaznaczone elementy (${selected.size}): ${namesOf(rows, selected)}? ` +
          'Znikną wszędzie tam, gdzie są używane. ' +
          'Superadministrator może je przywrócić jednym ruchem w „Historii zmian”.'
        }
      />
      <ConfirmDialog show={Boolean(notice)} body={notice} title={TEXT.delete} onCancel={() => setNotice(null)} />
    </>
  );
}
