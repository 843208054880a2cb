// /releases, 'Publikacje': several records published or withdrawn together, all or none
// (GET/POST /api/release/, GET/POST/DELETE /api/release/<id>, POST /api/release/<id>/publish).
// A release is prepared (each draft frozen as it is then), then published now or at a time
// (Polish time); an item whose draft changed since is marked, and publishing names it. An open
// release has one preview link for its drafts (POST …/preview); a scheduled one is called off
// whole (DELETE …/scheduled: open again, with no time).
import { api, ConfirmDialog, formatDate, ListTable, Page, PreviewLinkBox, StatusBanner } from '@smogpanel/kit';
import { useCallback, useEffect, useState } from 'react';

const CRUMBS = [{ label: 'Publikacje' }];
const ACTIONS = [
  { value: 'publish', label: 'Opublikuj' },
  { value: 'unpublish', label: 'Wycofaj' },
];
const STATE_LOOK = { open: 'text-bg-secondary', scheduled: 'text-bg-info', published: 'text-bg-success' };

export const stateBadge = (row) => <span className={`badge ${STATE_LOOK[row.state] || ''}`}>{row.state_label}</span>;

/** What an item of an open release says of its draft: changed since prepared, or why it cannot go. */
export function itemState(item, open) {
  if (!open) return item.seq ? `wersja ${item.seq}` : item.action === 'unpublish' ? 'wycofany' : '';
  if (item.problem) return <span className="text-danger">{item.problem}</span>;
  if (item.changed) return <span className="badge text-bg-warning">Zmieniony od przygotowania</span>;
  return <span className="text-muted">Bez zmian</span>;
}

const errorsOf = (error) =>
  error.errors && error.errors.length ? error.errors : [{ description: 'Nie udało się wykonać operacji.' }];

const listColumns = (onOpen) => [
  { name: 'name', label: 'Nazwa' },
  { name: 'state', label: 'Stan', render: stateBadge },
  { name: 'items_count', label: 'Elementów' },
  { name: 'at', label: 'Termin', type: 'date' },
  { name: 'prepared', label: 'Przygotowano', type: 'date' },
  { name: 'published', label: 'Opublikowano', type: 'date' },
  {
    name: 'open',
    label: 'Operacje',
    render: (row) => (
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-label={`Otwórz publikację: ${row.name}`}
        onClick={() => onOpen(row.id)}>
        Otwórz
      </button>
    ),
  },
];

/** How many records of a kind the picker shows at once: the server searches (`q`), not the page. */
export const PICKED = 20;
const SEARCH_DELAY_MS = 300;

/** The records of `kind` matching what the operator typed: GET /api/<kind>/?q&page=1&per_page,
 * a pause after the last key, a stale answer dropped. {rows, total, failed}. */
export function useRecordSearch(kind, typed) {
  const [found, setFound] = useState({ rows: [], total: 0, failed: false });
  useEffect(() => {
    setFound({ rows: [], total: 0, failed: false });
    if (!kind) return undefined;
    let current = true;
    const timer = setTimeout(
      () =>
        api.get(`/${kind}/`, { ...(typed.trim() ? { q: typed.trim() } : {}), page: 1, per_page: PICKED }).then(
          (answer) => current && setFound({ rows: answer.list || [], total: answer.total ?? 0, failed: false }),
          () => current && setFound({ rows: [], total: 0, failed: true }),
        ),
      typed ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, typed]);
  return found;
}

/** What the picker says under the list: how many match, and to type more when not all are shown. */
export function pickedText({ rows, total, failed }, typed) {
  if (failed) return 'Nie udało się wczytać elementów.';
  if (!rows.length) return typed.trim() ? 'Nic nie pasuje do wpisanego tekstu.' : 'Ten rodzaj nie ma elementów.';
  if (total > rows.length) return `Pokazano ${rows.length} z ${total}: wpisz fragment nazwy, by zawęzić.`;
  return `Pasujących: ${total}.`;
}

/** Choosing records: a kind, a record of it searched on the server as the operator types, and
 * what to do with it. */
function ItemPicker({ kinds, onAdd }) {
  const [kind, setKind] = useState('');
  const [typed, setTyped] = useState('');
  const [record, setRecord] = useState('');
  const [action, setAction] = useState('publish');
  const found = useRecordSearch(kind, typed);
  const records = found.rows;
  useEffect(() => {
    setRecord('');
    setTyped('');
  }, [kind]);
  const chosen = records.find((row) => String(row.id) === record);
  const label = (kinds.find((k) => k.kind === kind) || {}).label || kind;
  return (
    <div className="row g-2 align-items-end mb-2">
      <div className="col-sm-3">
        <label className="form-label" htmlFor="release-kind">
          Rodzaj
        </label>
        <select id="release-kind" className="form-select" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">— wybierz —</option>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-4">
        <label className="form-label" htmlFor="release-search">
          Szukaj elementu
        </label>
        <input
          id="release-search"
          type="search"
          className="form-control mb-1"
          placeholder="Fragment nazwy"
          value={typed}
          disabled={!kind}
          onChange={(e) => {
            setTyped(e.target.value);
            setRecord('');
          }}
        />
        <label className="form-label visually-hidden" htmlFor="release-record">
          Element
        </label>
        <select
          id="release-record"
          className="form-select"
          value={record}
          disabled={!kind}
          aria-describedby="release-record-help"
          onChange={(e) => setRecord(e.target.value)}>
          <option value="">— wybierz —</option>
          {records.map((row) => (
            <option key={row.id} value={String(row.id)}>
              {row.name || row.internal_name || `#${row.id}`}
            </option>
          ))}
        </select>
        <div id="release-record-help" className="form-text" aria-live="polite">
          {kind ? pickedText(found, typed) : 'Wybierz najpierw rodzaj.'}
        </div>
      </div>
      <div className="col-sm-2">
        <label className="form-label" htmlFor="release-action">
          Działanie
        </label>
        <select id="release-action" className="form-select" value={action} onChange={(e) => setAction(e.target.value)}>
          {ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-3">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={!chosen}
          onClick={() => {
            onAdd({ kind, id: chosen.id, action, name: chosen.name, kind_label: label });
            setRecord('');
          }}>
          Dodaj element
        </button>
      </div>
    </div>
  );
}

/** A release's preview link: the first record's page, and each record's own. */
export function ReleasePreview({ link }) {
  return (
    <div className="mt-3" data-testid="release-preview">
      <PreviewLinkBox link={link} id="release-preview-link" label="Odnośnik do podglądu publikacji" />
      {link.items.length > 1 && (
        <ul className="small" aria-label="Podgląd każdego elementu">
          {link.items.map((item) => (
            <li key={item.n}>
              <a href={item.url} target="_blank" rel="noreferrer">
                {item.name || `${item.kind} ${item.id}`}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NewRelease({ kinds, onCreated }) {
  const [name, setName] = useState('');
  const [items, setItems] = useState([]);
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const add = (item) =>
    setItems((now) => (now.some((i) => i.kind === item.kind && i.id === item.id) ? now : [...now, item]));
  async function submit(event) {
    event.preventDefault();
    setOutcome({ status: 'loading', errors: [] });
    try {
      const body = { name, items: items.map(({ kind, id, action }) => ({ kind, id, action })) };
      const made = await api.post('/release/', body);
      setName('');
      setItems([]);
      setOutcome({ status: 'idle', errors: [] });
      onCreated(made);
    } catch (error) {
      setOutcome({ status: 'error', errors: errorsOf(error) });
    }
  }
  return (
    <form className="card card-body mb-4" onSubmit={submit} aria-labelledby="new-release">
      <h2 id="new-release" className="h5">
        Nowa publikacja
      </h2>
      <p className="text-muted small">
        Wybierz elementy i działanie. Przygotowanie zamraża szkic każdego z nich: jeśli ktoś zmieni go potem, publikacja
        go wskaże i nie opublikuje niczego.
      </p>
      <div className="mb-2">
        <label className="form-label" htmlFor="release-name">
          Nazwa publikacji
        </label>
        <input
          id="release-name"
          className="form-control"
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <ItemPicker kinds={kinds} onAdd={add} />
      {items.length > 0 && (
        <ul className="list-group mb-2" aria-label="Elementy nowej publikacji">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="list-group-item d-flex justify-content-between">
              <span>
                {item.name} <span className="text-muted">({item.kind_label})</span> —{' '}
                {item.action === 'publish' ? 'publikacja' : 'wycofanie'}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Usuń z publikacji: ${item.name}`}
                onClick={() => setItems((now) => now.filter((i) => i !== item))}>
                Usuń
              </button>
            </li>
          ))}
        </ul>
      )}
      <StatusBanner {...outcome} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={outcome.status === 'loading'}>
          Przygotuj publikację
        </button>
      </div>
    </form>
  );
}

function ReleaseDetail({ id, onChanged, onRemoved }) {
  const [release, setRelease] = useState(null);
  const [at, setAt] = useState('');
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const [confirming, setConfirming] = useState(null); // 'remove' | 'cancel'
  const [preview, setPreview] = useState(null);
  const load = useCallback(() => {
    api.get(`/release/${id}`).then(setRelease, (error) => setOutcome({ status: 'error', errors: errorsOf(error) }));
  }, [id]);
  useEffect(() => {
    setOutcome({ status: 'idle', errors: [] });
    load();
  }, [load]);
  if (!release) return null;
  const open = release.state === 'open';
  const scheduled = release.state === 'scheduled';

  async function act(call, done) {
    setOutcome({ status: 'loading', errors: [] });
    try {
      const answer = await call();
      if (answer && answer.items && answer.state) setRelease(answer); // a release (not a preview link)
      setOutcome({ status: 'done', errors: [], text: done(answer) });
      onChanged();
    } catch (error) {
      setOutcome({ status: 'error', errors: errorsOf(error) });
      load();
    }
  }
  const publish = () =>
    act(
      () => api.post(`/release/${id}/publish`, at ? { at } : {}),
      (answer) =>
        answer.state === 'scheduled'
          ? `Zaplanowano publikację „${answer.name}” na ${formatDate(answer.at)}.`
          : `Opublikowano wszystkie elementy publikacji „${answer.name}”.`,
    );
  const prepareAgain = () =>
    act(
      () =>
        api.post(`/release/${id}`, {
          name: release.name,
          items: release.items.map(({ kind, id: recordId, action }) => ({ kind, id: recordId, action })),
          at: release.at,
        }),
      () => 'Przygotowano publikację ponownie: szkice zamrożono takie, jakie są teraz.',
    );
  const callOff = () => {
    setConfirming(null);
    setPreview(null);
    setAt(''); // open again with no time: the next 'Opublikuj teraz' is now, unless a time is given anew
    act(
      () => api.delete(`/release/${id}/scheduled`),
      (answer) => `Odwołano zaplanowaną publikację „${answer.name}”: znów jest otwarta, bez terminu.`,
    );
  };
  const makePreview = () =>
    act(
      () => api.post(`/release/${id}/preview`, {}),
      (answer) => {
        setPreview(answer);
        return `Utworzono odnośnik do podglądu ${answer.items.length === 1 ? 'elementu' : `${answer.items.length} elementów`}.`;
      },
    );
  async function remove() {
    setConfirming(null);
    try {
      await api.delete(`/release/${id}`);
      onRemoved(release.name);
    } catch (error) {
      setOutcome({ status: 'error', errors: errorsOf(error) });
    }
  }
  const columns = [
    { name: 'name', label: 'Element' },
    { name: 'kind_label', label: 'Rodzaj' },
    { name: 'action_label', label: 'Działanie' },
    { name: 'changed', label: 'Szkic', render: (item) => itemState(item, open) },
  ].map((column) => ({ ...column, sortable: false }));
  const anyChanged = release.items.some((item) => item.changed);
  return (
    <section className="card card-body mb-4" aria-labelledby="release-detail">
      <h2 id="release-detail" className="h5">
        Publikacja „{release.name}” {stateBadge(release)}
      </h2>
      <p className="small text-muted mb-2">
        Przygotowano {formatDate(release.prepared)}
        {release.created_by ? ` (${release.created_by})` : ''}
        {release.published ? `; opublikowano ${formatDate(release.published)}` : ''}
        {release.at ? `; termin ${formatDate(release.at)}` : ''}.
      </p>
      <ListTable
        columns={columns}
        rows={release.items.map((item, index) => ({ ...item, id: index, record_id: item.id }))}
      />
      {outcome.status === 'done' ? (
        <div className="alert alert-success" role="status">
          {outcome.text}
        </div>
      ) : (
        <StatusBanner {...outcome} />
      )}
      {open && (
        <div className="d-flex flex-wrap align-items-end gap-2">
          {anyChanged && (
            <div className="alert alert-warning w-100 mb-2" role="alert">
              Szkice oznaczonych elementów zmieniły się od przygotowania. Sprawdź je i przygotuj publikację ponownie.
            </div>
          )}
          <div>
            <label className="form-label" htmlFor="release-at">
              Termin (czas polski; puste: teraz)
            </label>
            <input
              id="release-at"
              type="datetime-local"
              className="form-control"
              value={at}
              onChange={(e) => setAt(e.target.value)}
            />
          </div>
          <button type="button" className="btn btn-primary" onClick={publish} disabled={outcome.status === 'loading'}>
            {at ? 'Zaplanuj publikację' : 'Opublikuj teraz'}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={prepareAgain}>
            Przygotuj ponownie
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={makePreview}>
            {preview ? 'Utwórz nowy odnośnik do podglądu' : 'Utwórz odnośnik do podglądu'}
          </button>
          <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming('remove')}>
            Usuń publikację
          </button>
        </div>
      )}
      {open && preview && <ReleasePreview link={preview} />}
      {scheduled && (
        <div>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={outcome.status === 'loading'}
            onClick={() => setConfirming('cancel')}>
            Odwołaj zaplanowaną publikację
          </button>
        </div>
      )}
      <ConfirmDialog
        show={confirming === 'remove'}
        title="Usunąć publikację?"
        body={`Publikacja „${release.name}” zostanie usunięta; jej elementy pozostaną bez zmian.`}
        confirmLabel="Usuń"
        onConfirm={remove}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        show={confirming === 'cancel'}
        title="Odwołać zaplanowaną publikację?"
        body={`Żaden element publikacji „${release.name}” nie zostanie opublikowany ani wycofany w terminie ${formatDate(release.at)}. Publikacja znów będzie otwarta, bez terminu: można ją opublikować albo zaplanować ponownie.`}
        confirmLabel="Odwołaj"
        onConfirm={callOff}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

export function Releases() {
  const [state, setState] = useState({ list: null, kinds: [], errors: [] });
  const [openId, setOpenId] = useState(null);
  const [removed, setRemoved] = useState('');
  const load = useCallback(() => {
    api.get('/release/').then(
      (answer) => setState({ list: answer.list || [], kinds: answer.kinds || [], errors: [] }),
      (error) => setState({ list: [], kinds: [], errors: errorsOf(error) }),
    );
  }, []);
  useEffect(() => {
    load();
  }, [load]);
  return (
    <Page crumbs={CRUMBS}>
      <p className="text-muted">
        Kilka elementów publikowanych albo wycofywanych razem, w jednej chwili: wszystkie albo żaden. Godziny w czasie
        polskim.
      </p>
      {state.errors.length > 0 && <StatusBanner status="error" errors={state.errors} />}
      {removed && (
        <div className="alert alert-success" role="status">
          Usunięto publikację „{removed}”.
        </div>
      )}
      {openId !== null && (
        <ReleaseDetail
          key={openId}
          id={openId}
          onChanged={load}
          onRemoved={(name) => {
            setOpenId(null);
            setRemoved(name);
            load();
          }}
        />
      )}
      <ListTable
        columns={listColumns((id) => {
          setRemoved('');
          setOpenId(id);
        }).map((column) => ({ ...column, sortable: false }))}
        rows={state.list || []}
        loading={state.list === null}
        emptyText="Nie ma jeszcze żadnej publikacji."
      />
      <NewRelease
        kinds={state.kinds}
        onCreated={(made) => {
          load();
          setOpenId(made.id);
        }}
      />
    </Page>
  );
}
