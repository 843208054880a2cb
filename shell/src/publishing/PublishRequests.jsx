// /publish-requests, 'Prośby o publikację': the open requests for publication the signed-in
// account may decide (GET /api/publish-requests/: its plugins and voivodeships, never its own),
// with 'Zatwierdź i opublikuj' (POST …/publish-request/approve) and 'Odeślij do poprawy' with a
// comment (POST …/publish-request/reject). A core screen of the shell (docs/publishing.md, "Review").
import { api, Dialog, formatDate, ListTable, Page, StatusBanner } from '@smogpanel/kit';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

const CRUMBS = [{ label: 'Prośby o publikację' }];
export const STALE_NOTE = 'Szkic zmienił się po prośbie: zatwierdzić można dopiero nową prośbę.';
const base = (row) => `/${encodeURIComponent(row.kind)}/${row.record_id}/publish-request`;

function SendBack({ row, onSend, onCancel }) {
  const [comment, setComment] = useState('');
  const footer = (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        Anuluj
      </button>
      <button type="button" className="btn btn-primary" disabled={!comment.trim()} onClick={() => onSend(comment)}>
        Odeślij
      </button>
    </>
  );
  return (
    <Dialog show={row !== null} onHide={onCancel} title="Odeślij prośbę o publikację" footer={footer}>
      {row && (
        <>
          <p>
            {row.kind_label} „{row.name}”, prośba od {row.requested_by}.
          </p>
          <label className="form-label" htmlFor="send-back-comment">
            Co poprawić (autor prośby zobaczy ten komentarz)
          </label>
          <textarea
            id="send-back-comment"
            className="form-control"
            rows={4}
            maxLength={1000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </>
      )}
    </Dialog>
  );
}

const columns = ({ approve, sendBack, busy }) => [
  {
    name: 'name',
    label: 'Element',
    render: (row) => (
      <>
        {row.path ? <Link to={row.path}>{row.name}</Link> : row.name}
        <div className="small text-muted">{row.kind_label}</div>
      </>
    ),
  },
  {
    name: 'requested_by',
    label: 'Prośba',
    render: (row) => (
      <>
        {row.requested_by}
        <div className="small text-muted">{formatDate(row.requested_at)}</div>
      </>
    ),
  },
  {
    name: 'note',
    label: 'Notatka',
    render: (row) => (
      <>
        {row.note}
        {!row.current && <div className="small text-danger">{STALE_NOTE}</div>}
      </>
    ),
  },
  {
    name: 'actions',
    label: 'Operacje',
    render: (row) => (
      <div className="d-flex gap-1">
        <button
          type="button"
          className="btn btn-sm btn-primary text-nowrap"
          disabled={busy || !row.current}
          aria-label={`Zatwierdź i opublikuj: ${row.name}`}
          onClick={() => approve(row)}>
          Zatwierdź i opublikuj
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary text-nowrap"
          disabled={busy}
          aria-label={`Odeślij do poprawy: ${row.name}`}
          onClick={() => sendBack(row)}>
          Odeślij do poprawy
        </button>
      </div>
    ),
  },
];

export function PublishRequests() {
  const [state, setState] = useState({ rows: null, errors: [], failed: false });
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const [asked, setAsked] = useState(null);
  const load = useCallback(() => {
    api.get('/publish-requests/').then(
      (answer) => setState({ rows: answer.list, errors: [], failed: false }),
      (error) => setState({ rows: [], errors: error.errors || [], failed: true }),
    );
  }, []);
  useEffect(load, [load]);

  async function decide(row, path, body, said) {
    setOutcome({ status: 'loading', errors: [] });
    try {
      const answer = await api.post(`${base(row)}/${path}`, body);
      setOutcome({ status: 'done', errors: [], text: said(answer) });
    } catch (error) {
      setOutcome({ status: 'error', errors: error.errors || [] });
    }
    load();
  }
  const approve = (row) =>
    decide(row, 'approve', {}, (answer) => `Opublikowano: ${row.name} (wersja ${answer.published}).`);
  function sendBack(comment) {
    const row = asked;
    setAsked(null);
    decide(row, 'reject', { comment }, () => `Odesłano prośbę o publikację: ${row.name}.`);
  }
  const refresh = (
    <button type="button" className="btn btn-sm btn-outline-primary" onClick={load}>
      Odśwież
    </button>
  );
  return (
    <Page crumbs={CRUMBS} actions={[refresh]}>
      <p className="text-muted">
        Prośby o publikację elementów, które możesz opublikować (bez Twoich własnych). Zatwierdzenie publikuje szkic
        taki, jaki był w chwili prośby.
      </p>
      {state.failed && <StatusBanner status="error" errors={state.errors} />}
      {outcome.status === 'done' ? (
        <div className="alert alert-success" role="status">
          {outcome.text}
        </div>
      ) : (
        <StatusBanner {...outcome} />
      )}
      {state.rows && state.rows.length === 0 ? (
        <p>Nikt nie czeka teraz na Twoją decyzję.</p>
      ) : (
        <ListTable
          columns={columns({ approve, sendBack: setAsked, busy: outcome.status === 'loading' }).map((column) => ({
            ...column,
            sortable: false,
          }))}
          rows={state.rows || []}
          loading={state.rows === null}
        />
      )}
      <SendBack key={asked ? asked.id : 'none'} row={asked} onSend={sendBack} onCancel={() => setAsked(null)} />
    </Page>
  );
}
