// A record's create and edit form (FormScreen's FieldsForm) and EditLoader (its state badge,
// 'Publikacja', 'Zasięg', 'Historia' above the form), loaded on demand with the first record
// screen (screens.jsx keeps the exported wrappers): none of it is in the panel's first load.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { versionOf } from './api.js';
import { useMay } from './auth.js';
import { Form, sameValues, useValues } from './Form.jsx';
import { useKeyRemoval } from './keyRemoval.jsx';
import { useItem } from './resource.js';
import { FormFields, historyKindOf, isPublicKind, payloadOf, Reach } from './screens.jsx';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

// A public record's badge, 'Publikacja' and its dialog, review's request: with the first such screen.
const PublicationBar = lazy(() => import(/* webpackChunkName: "lazy-publication" */ './PublicationBar.jsx'));
const PublishDialog = lazy(() => import(/* webpackChunkName: "lazy-publish" */ './PublishDialog.jsx'));
const ReviewActions = lazy(() => import(/* webpackChunkName: "lazy-review" */ './ReviewActions.jsx'));
const HistoryPanel = lazy(() => import(/* webpackChunkName: "lazy-history" */ './HistoryPanel.jsx'));

const initialOf = (fields, item) =>
  Object.fromEntries(
    fields
      .filter((f) => f.name)
      .map((f) => [
        f.name,
        item && item[f.name] !== undefined && item[f.name] !== null ? item[f.name] : (f.initial ?? ''),
      ]),
  );

const columnOf = (width) => (typeof width === 'number' ? `col-12 col-lg-${width}` : width);

const ChangedMeanwhile = lazy(() => import(/* webpackChunkName: "lazy-changed" */ './ChangedMeanwhile.jsx'));

export function FieldsForm({
  resource,
  id,
  parent,
  item: loaded,
  fields,
  valuesOf,
  extra = {},
  fromItem,
  toPayload,
  save,
  keyRemoval,
  actions,
  aside,
  asideWidth = 5,
  back,
  width = 8,
}) {
  const navigate = useNavigate();
  const editing = id !== undefined && id !== null;
  const may = useMay(resource.kind);
  const [replaced, replaceItem] = useState(null); // a fresher record an action gave, the values kept
  const item = replaced || loaded;
  const declared = (values) => (typeof fields === 'function' ? fields(values, { editing, item }) : fields);
  const valuesFrom = (record) =>
    valuesOf ? valuesOf(record) : initialOf(declared({}), record && fromItem ? fromItem(record) : record);
  const [initial, setInitial] = useState(() => valuesFrom(item)); // leaving asks only when the values differ
  const [values, set, setValues] = useValues(() => initial);
  // After a 412: the saved version beside the operator's values (gone while the form is sent again)
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [resending, setResending] = useState(false); // 'Zapisz mimo to': submit once the merged values show
  const [rebased, setRebased] = useState(); // how many times the values were put over a saved version
  const shown = declared(values);
  const removal = useKeyRemoval(typeof keyRemoval === 'function' ? keyRemoval(values) : keyRemoval);
  const box = useRef(null);

  /** An action's fresher record (e.g. 'Odśwież'): the next save is against its version. */
  function setItem(record) {
    replaceItem(record);
    const version = versionOf(record); // an answer without one leaves the loaded version in force
    if (editing && version) resource.expect(id, version);
  }

  /** The saved version under the form (after a 412): `merged` the form's values now (the
   * operator's changes over the saved ones), the next save against `saved`'s version. */
  function rebase(merged, saved) {
    replaceItem(saved);
    resource.expect(id, versionOf(saved));
    setInitial(valuesFrom(saved));
    setValues(merged);
    setChangedMeanwhile(false);
    setRebased((count) => (count || 0) + 1);
  }

  /** 'Zapisz mimo to': the merged values saved over the version the operator has just seen. */
  function resend(merged, saved) {
    rebase(merged, saved);
    setResending(true);
  }
  useEffect(() => {
    if (!resending) return;
    setResending(false);
    box.current.querySelector('form').requestSubmit();
  }, [resending]);

  async function send() {
    const request = (removeKeysWithValues) => {
      const payload = toPayload
        ? toPayload(values, { editing, item, removeKeysWithValues })
        : { ...payloadOf(shown, values, editing), ...(editing ? {} : extra) };
      if (save) return save(payload, { editing, id, values });
      return editing ? resource.edit(id, payload, parent) : resource.add(payload, parent);
    };
    setChangedMeanwhile(false);
    const result = await (keyRemoval ? removal.send(request) : request(false));
    if (!result.ok && result.error && result.error.code === 'CHANGED_MEANWHILE') setChangedMeanwhile(true);
    return result;
  }

  const notice = changedMeanwhile && (
    <Suspense fallback={null}>
      <ChangedMeanwhile
        {...{ resource, id, item, values, fields: shown, valuesFrom, box }}
        onReload={rebase}
        onOverwrite={resend}
      />
    </Suspense>
  );
  const form = (
    <div className={columnOf(width)}>
      <Form
        onSubmit={send}
        onDone={back ? () => navigate(back) : undefined}
        cancelTo={back}
        notice={notice}
        statusReset={rebased}
        changed={!sameValues(values, initial)}
        readOnly={editing && readOnlyNote(may, save ? null : item)}
        extraActions={actions && actions({ values, editing, id, item, setItem })}>
        <FormFields fields={shown} values={values} set={set} setValues={setValues} editing={editing} item={item} />
      </Form>
    </div>
  );
  // One box for the form's own lookups (the saved version's labels, a resend) and key removal's
  const ref = (node) => {
    box.current = node;
    removal.box.current = node;
  };
  return (
    <div ref={ref} className={aside ? 'row g-4' : undefined}>
      {form}
      {aside && <div className={columnOf(asideWidth)}>{aside(values)}</div>}
      {keyRemoval && removal.dialog}
    </div>
  );
}

/** Why the edit form of `item` is read-only: the record's own refusal (`refused.update`, e.g. out of
 * the account's voivodeships, naming its scope), or the kind's; false when it may be changed. A
 * form with its own `save` (an account's access, saved by another endpoint) passes no item. */
function readOnlyNote(may, item) {
  if (!may('update')) return true; // the kind's rule: the usual note
  const refused = item && Array.isArray(item.may) && !item.may.includes('update');
  if (!refused) return false;
  return item.refused && item.refused.update ? `${TEXT.view}: ${item.refused.update}` : true;
}

/**
 * Renders children(item) once the record `id` of `resource` has loaded; the banner until then.
 * Above it, 'Historia': the record's history (loaded on demand), whose 'Przywróć tę wersję'
 * reloads the record, so the form shows the values put back. Every edit screen has it. A public
 * record's (its answer has `publication`) also shows its state badge and, to an account that may
 * `publish`, 'Publikacja': the publish dialog (PublishDialog.jsx; `publishActions` adds buttons).
 */
export function EditLoader({ resource, id, children, publishActions }) {
  const { item, error, errors } = useItem(resource, id);
  const [history, setHistory] = useState(false);
  const [reach, setReach] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const kind = historyKindOf(resource);
  const may = useMay(resource.kind);
  const publication = item && item.publication;
  return (
    <>
      {(item || history || reach) && (
        <div className="d-flex justify-content-end align-items-center gap-2 mb-2">
          {publication && (
            <Suspense fallback={<span className="me-auto" />}>
              <PublicationBar item={item} kind={kind} id={id} may={may} onPublish={() => setPublishing(true)} />
            </Suspense>
          )}
          {isPublicKind(kind) && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-expanded={reach}
              onClick={() => setReach(!reach)}>
              Zasięg
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-expanded={history}
            onClick={() => setHistory(!history)}>
            Historia
          </button>
        </div>
      )}
      {publishing && (
        <Suspense fallback={null}>
          <PublishDialog
            show={publishing}
            onHide={() => setPublishing(false)}
            kind={kind}
            id={Number(id)}
            name={item ? item.name || item.internal_name || `#${id}` : ''}
            version={versionOf(item)}
            onChanged={() => resource.get(id)}
            extraActions={
              publishActions ||
              ((state) => <ReviewActions kind={kind} id={Number(id)} {...state} onChanged={() => resource.get(id)} />)
            }
          />
        </Suspense>
      )}
      {reach && <Reach kind={kind} id={Number(id)} />}
      {history && (
        <Suspense fallback={<p>{TEXT.tableLoading}</p>}>
          <HistoryPanel kind={kind} id={Number(id)} onReverted={() => resource.get(id)} />
        </Suspense>
      )}
      {item ? children(item) : <StatusBanner status={error ? 'error' : 'loading'} errors={errors} />}
    </>
  );
}
