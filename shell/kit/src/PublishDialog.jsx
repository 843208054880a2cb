// The publish dialog of every public record's edit screen (loaded on demand; docs/publishing.md):
// what publishing the saved draft changes against the live version, in the form's words
// (GET …/versions/diff), which partner sites show the record (GET /api/reach/), a note and its
// kind, 'Zaplanuj na' (a Warsaw date and time), then 'Opublikuj' (POST …/publish, If-Match as an
// edit) or 'Wycofaj' (POST …/unpublish); below, the scheduled changes and the versions with
// 'Opublikuj ponownie' (going back to one, as a new version); 'Podgląd szkicu', its preview links
// (PreviewLink.jsx).
import { useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import { formatDate } from './dates.js';
import { Dialog } from './Dialog.jsx';
import { formatNumber } from './numbers.js';
import PreviewLinks from './PreviewLink.jsx';
import { ACTION_LABELS, NOTE_KINDS, PublicationBadge } from './publication.jsx';
import { publishPath } from './publishing.jsx';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

const EMPTY_FORM = { note: '', note_kind: 'update', at: '' };

/** The outcome's Polish line: what was done, or scheduled for when. */
export function doneText(action, answer, at) {
  if (action === 'cancel') return 'Odwołano zaplanowane zmiany.';
  const scheduled = (answer.scheduled || []).length > 0 && at;
  if (action === 'unpublish') return scheduled ? `Zaplanowano wycofanie na ${at.replace('T', ' ')}.` : 'Wycofano.';
  if (scheduled) return `Zaplanowano publikację wersji ${answer.published} na ${at.replace('T', ' ')}.`;
  return `Opublikowano wersję ${answer.published}.`;
}

function DiffRows({ diff }) {
  if (!diff) return <p>{TEXT.tableLoading}</p>;
  if (diff.rows.length)
    return (
      <table className="table table-sm" data-testid="publish-diff">
        <thead>
          <tr>
            <th scope="col">Pole</th>
            <th scope="col">{diff.live ? `Teraz publicznie (wersja ${diff.live})` : `Wersja ${diff.base}`}</th>
            <th scope="col">Po publikacji</th>
          </tr>
        </thead>
        <tbody>
          {diff.rows.map((row) => (
            <tr key={row.field}>
              <th scope="row" className="fw-normal">
                {row.label}
              </th>
              <td>
                <del>{row.before}</del>
              </td>
              <td>
                <ins>{row.after}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  if (diff.base === null) return <p>To pierwsza publikacja: publiczność zobaczy ten element po raz pierwszy.</p>;
  if (diff.draft_changed)
    return <p>Zmieniły się dane widżetu (np. elementy pod nim), których nie da się tu wypisać pole po polu.</p>;
  return <p>Zapisany szkic nie różni się od opublikowanej wersji.</p>;
}

function Sites({ reach }) {
  if (!reach) return <p>{TEXT.tableLoading}</p>;
  if (reach.failed) return <p className="text-body-secondary">Nie udało się wczytać zasięgu.</p>;
  if (!reach.sites.length)
    return (
      <p>
        Od {reach.from} do {reach.to} żadna strona partnerska go nie pokazywała.
      </p>
    );
  return (
    <>
      <p className="mb-1">
        Od {reach.from} do {reach.to} pokazywały go (wyświetlenia):
      </p>
      <ul data-testid="publish-sites">
        {reach.sites.map((site) => (
          <li key={site.site || '-'}>
            {site.label} ({formatNumber(site.views)})
          </li>
        ))}
      </ul>
    </>
  );
}

function Versions({ versions, busy, onAgain }) {
  if (!versions.list.length) return <p>Nie opublikowano jeszcze żadnej wersji.</p>;
  return (
    <table className="table table-sm" data-testid="publish-versions">
      <thead>
        <tr>
          <th scope="col">Wersja</th>
          <th scope="col">Opublikowano</th>
          <th scope="col">Kto</th>
          <th scope="col">Notatka</th>
          <th scope="col">
            <span className="visually-hidden">Operacje</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {versions.list.map((version) => (
          <tr key={version.seq}>
            <td>
              {version.seq}
              {version.seq === versions.live && <span className="badge text-bg-success ms-1">widoczna</span>}
            </td>
            <td>{formatDate(version.published_at)}</td>
            <td>{version.published_by || 'serwer'}</td>
            <td>
              {version.note_kind === 'correction' && <strong>Korekta: </strong>}
              {version.note}
            </td>
            <td className="text-end">
              {version.seq !== versions.live && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary text-nowrap"
                  disabled={busy}
                  aria-label={`Opublikuj ponownie wersję ${version.seq}`}
                  onClick={() => onAgain(version.seq)}>
                  Opublikuj ponownie
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * show, onHide; `kind` and `id` of the record, `name` for the title, `version` (its ETag: the
 * publish is refused with 412 when the record changed since); `onChanged()` after a publish or
 * unpublish (the edit screen reloads the record's state). `extraActions({versions, busy, reload})`:
 * more buttons beside 'Opublikuj' in the footer (the place for review's request and approval).
 */
export default function PublishDialog({ show, onHide, kind, id, name, version, onChanged, extraActions }) {
  const [versions, setVersions] = useState(null);
  const [diff, setDiff] = useState(null);
  const [reach, setReach] = useState(null);
  const [form, setForm] = useState(EMPTY_FORM);
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const [fieldErrors, setFieldErrors] = useState({});
  const busy = outcome.status === 'loading';

  const reload = useCallback(() => {
    api
      .get(publishPath(kind, id, 'versions'))
      .then(setVersions, (error) => setOutcome({ status: 'error', errors: error.errors || [] }));
    api.get(publishPath(kind, id, 'versions/diff')).then(setDiff, () => setDiff(null));
  }, [kind, id]);

  useEffect(() => {
    if (!show) return;
    setForm(EMPTY_FORM);
    setFieldErrors({});
    setOutcome({ status: 'idle', errors: [] });
    reload();
    api.get('/reach/', { kind, record_id: id }).then(setReach, () => setReach({ failed: true }));
  }, [show, kind, id, reload]);

  async function send(action, body) {
    setOutcome({ status: 'loading', errors: [] });
    setFieldErrors({});
    try {
      const headers = action === 'publish' && version ? { 'If-Match': version } : undefined;
      const answer =
        action === 'cancel'
          ? await api.delete(publishPath(kind, id, 'scheduled'))
          : await api.post(publishPath(kind, id, action), body, headers);
      setVersions(answer);
      setOutcome({ status: 'done', text: doneText(action, answer, body.at) });
      setForm(EMPTY_FORM);
      api.get(publishPath(kind, id, 'versions/diff')).then(setDiff, () => setDiff(null));
      if (onChanged) onChanged(answer);
    } catch (error) {
      const errors = error.errors || [];
      const named = Object.fromEntries(
        errors.filter((e) => ['at', 'note', 'note_kind'].includes(e.name)).map((e) => [e.name, e.description]),
      );
      setFieldErrors(named);
      const rest = errors.filter((e) => !named[e.name]);
      setOutcome(rest.length || !Object.keys(named).length ? { status: 'error', errors: rest } : { status: 'idle' });
    }
  }

  const publish = () =>
    send('publish', {
      ...(form.note.trim() ? { note: form.note.trim(), note_kind: form.note_kind } : {}),
      ...(form.at ? { at: form.at } : {}),
    });
  const unpublish = () => send('unpublish', form.at ? { at: form.at } : {});
  const again = (seq) => send('publish', { seq, ...(form.at ? { at: form.at } : {}) });
  const set = (field) => (event) => setForm({ ...form, [field]: event.target.value });

  const invalid = (field) => (fieldErrors[field] ? ' is-invalid' : '');
  const message = (field, help) =>
    fieldErrors[field] ? (
      <div id={`publish-${field}-error`} className="invalid-feedback">
        {fieldErrors[field]}
      </div>
    ) : (
      help && <div className="form-text">{help}</div>
    );
  const footer = (
    <>
      {/* More actions (review's request and approval) come before the dialog's own. */}
      {extraActions && extraActions({ versions, busy, reload })}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={publish}>
        {form.at ? 'Zaplanuj publikację' : 'Opublikuj'}
      </button>
      <button
        type="button"
        className="btn btn-outline-danger"
        disabled={busy || !versions || versions.live === null}
        onClick={unpublish}>
        {form.at ? 'Zaplanuj wycofanie' : 'Wycofaj'}
      </button>
      <button type="button" className="btn btn-secondary" onClick={onHide}>
        {TEXT.close}
      </button>
    </>
  );
  return (
    <Dialog show={show} onHide={onHide} title={`Publikacja: ${name}`} footer={footer} size="lg">
      {versions && (
        <p>
          Stan: <PublicationBadge state={versions.state} label={versions.state_label} />{' '}
          {versions.live
            ? `Publicznie widoczna jest wersja ${versions.live}.`
            : 'Publicznie nie jest widoczna żadna wersja.'}
        </p>
      )}
      {outcome.status === 'done' ? (
        <div className="alert alert-success" role="status">
          {outcome.text}
        </div>
      ) : (
        <StatusBanner {...outcome} />
      )}
      <h3 className="h6">Co się zmieni</h3>
      <p className="small text-body-secondary">
        Publikowany jest zapisany szkic: niezapisane zmiany formularza zapisz najpierw.
      </p>
      <DiffRows diff={diff} />
      <h3 className="h6">Gdzie jest pokazywany</h3>
      <Sites reach={reach} />
      <PreviewLinks kind={kind} id={id} />
      <div className="row g-2 mb-3">
        <div className="col-sm-8">
          <label htmlFor="publish-note" className="form-label">
            Notatka do wersji
          </label>
          <textarea
            id="publish-note"
            className={`form-control${invalid('note')}`}
            rows={2}
            maxLength={1000}
            value={form.note}
            aria-describedby={fieldErrors.note ? 'publish-note-error' : undefined}
            onChange={set('note')}
          />
          {message('note')}
        </div>
        <div className="col-sm-4">
          <label htmlFor="publish-note-kind" className="form-label">
            Rodzaj notatki
          </label>
          <select
            id="publish-note-kind"
            className={`form-select${invalid('note_kind')}`}
            value={form.note_kind}
            onChange={set('note_kind')}>
            {NOTE_KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {message('note_kind')}
        </div>
        <div className="col-sm-6">
          <label htmlFor="publish-at" className="form-label">
            Zaplanuj na
          </label>
          <input
            id="publish-at"
            type="datetime-local"
            className={`form-control${invalid('at')}`}
            value={form.at}
            aria-invalid={fieldErrors.at ? true : undefined}
            aria-describedby={fieldErrors.at ? 'publish-at-error' : undefined}
            onChange={set('at')}
          />
          {message('at', 'Czas polski. Puste: teraz.')}
        </div>
      </div>
      {versions && versions.scheduled.length > 0 && (
        <>
          <h3 className="h6">Zaplanowane zmiany</h3>
          <ul data-testid="publish-scheduled">
            {versions.scheduled.map((change) => (
              <li key={`${change.action}-${change.at}-${change.seq}`}>
                {ACTION_LABELS[change.action]}
                {change.seq ? ` wersji ${change.seq}` : ''}: {formatDate(change.at)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger mb-3"
            disabled={busy}
            onClick={() => send('cancel', {})}>
            Odwołaj zaplanowane zmiany
          </button>
        </>
      )}
      <h3 className="h6">Wersje</h3>
      {versions ? <Versions versions={versions} busy={busy} onAgain={again} /> : <p>{TEXT.tableLoading}</p>}
    </Dialog>
  );
}
