// Review of publishing on a record's edit screen (docs/publishing.md, "Review"): 'Poproś o
// publikację' for an account that may change the record but not publish it (POST
// …/publish-request {note}), and, in the publish dialog of one that may, the open request with
// 'Zatwierdź prośbę' (…/publish-request/approve) and 'Odeślij do poprawy' with a comment
// (…/publish-request/reject). Loaded only when shown.
import { useState } from 'react';
import { api } from './api.js';
import { useMe } from './auth.js';
import { formatDate } from './dates.js';
import { Dialog } from './Dialog.jsx';
import { publishPath } from './publishing.jsx';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

const errorsOf = (error) => ({ status: 'error', errors: error.errors || [] });

/** The button and its dialog: a note for those who decide, then the request. */
export function AskForPublication({ kind, id, name }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  async function ask() {
    setOutcome({ status: 'loading', errors: [] });
    try {
      await api.post(publishPath(kind, id, 'publish-request'), note.trim() ? { note: note.trim() } : {});
      setOutcome({ status: 'done', errors: [] });
      setNote('');
    } catch (error) {
      setOutcome(errorsOf(error));
    }
  }
  const close = () => {
    setOpen(false);
    setOutcome({ status: 'idle', errors: [] });
  };
  const footer = (
    <>
      {outcome.status !== 'done' && (
        <button type="button" className="btn btn-primary" disabled={outcome.status === 'loading'} onClick={ask}>
          Poproś o publikację
        </button>
      )}
      <button type="button" className="btn btn-secondary" onClick={close}>
        {TEXT.close}
      </button>
    </>
  );
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}>
        Poproś o publikację
      </button>
      <Dialog show={open} onHide={close} title={`Prośba o publikację: ${name}`} footer={footer}>
        {outcome.status === 'done' ? (
          <div className="alert alert-success" role="status">
            Prośba wysłana. Opublikuje ją osoba, która może publikować ten element; zmiana szkicu przed jej decyzją
            wymaga nowej prośby.
          </div>
        ) : (
          <>
            <StatusBanner {...outcome} />
            <p className="small text-body-secondary">
              Twoje konto nie publikuje samo. Prośba dotyczy zapisanego szkicu: niezapisane zmiany formularza zapisz
              najpierw.
            </p>
            <label htmlFor="publish-request-note" className="form-label">
              Notatka dla osoby zatwierdzającej
            </label>
            <textarea
              id="publish-request-note"
              className="form-control"
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </>
        )}
      </Dialog>
    </>
  );
}

/** In the publish dialog's footer: the open request (`versions.request`), and deciding it. */
export default function ReviewActions({ kind, id, versions, busy, reload, onChanged }) {
  const me = useMe();
  const [comment, setComment] = useState('');
  const [outcome, setOutcome] = useState({ status: 'idle', errors: [] });
  const request = versions && versions.request;
  if (!request) return outcome.status === 'done' ? <div className="w-100 text-success">{outcome.text}</div> : null;
  const own = me && me.email === request.requested_by;
  const working = busy || outcome.status === 'loading';
  async function decide(call, body, text) {
    setOutcome({ status: 'loading', errors: [] });
    try {
      await api.post(publishPath(kind, id, `publish-request/${call}`), body);
      setOutcome({ status: 'done', errors: [], text });
      setComment('');
      if (onChanged) onChanged();
    } catch (error) {
      setOutcome(errorsOf(error));
    }
    reload();
  }
  return (
    <div className="w-100 border rounded p-2 mb-2" data-testid="publish-request">
      <p className="mb-1">
        Prośba o publikację: {request.requested_by}, {formatDate(request.requested_at)}
        {request.note ? ` — „${request.note}”` : ''}
      </p>
      {!request.current && (
        <p className="small text-danger mb-1">Szkic zmienił się po prośbie: zatwierdzić można dopiero nową prośbę.</p>
      )}
      <StatusBanner {...outcome} />
      {own ? (
        <p className="small text-body-secondary mb-0">To Twoja prośba: rozpatruje ją ktoś inny.</p>
      ) : (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-success"
            disabled={working || !request.current}
            onClick={() => decide('approve', {}, 'Prośba zatwierdzona: szkic opublikowany.')}>
            Zatwierdź prośbę i opublikuj
          </button>
          <input
            className="form-control w-auto flex-grow-1"
            aria-label="Co poprawić (komentarz dla autora prośby)"
            placeholder="Co poprawić"
            maxLength={1000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={working || !comment.trim()}
            onClick={() =>
              decide('reject', { comment: comment.trim() }, 'Prośba odesłana do poprawy z Twoim komentarzem.')
            }>
            Odeślij do poprawy
          </button>
        </div>
      )}
    </div>
  );
}
