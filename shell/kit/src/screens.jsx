// Whole screens as declarations: a plugin names its resource, crumbs, columns and fields.
import { Fragment, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { versionOf } from './api.js';
import { useMay } from './auth.js';
import { Field, Form, sameValues, useValues } from './Form.jsx';
import { useKeyRemoval } from './keyRemoval.jsx';
import { Page } from './Page.jsx';
import { settings } from './config.js';
import { PublicationBadge } from './publication.jsx';
import { useItem } from './resource.js';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

const LazyListScreen = lazy(() => import(/* webpackChunkName: "lazy-list" */ './ListScreen.jsx'));
// Review of publishing (a request and its decision): loaded only where it is shown.
const review = () => import(/* webpackChunkName: "lazy-review" */ './ReviewActions.jsx');
const ReviewActions = lazy(review);
const AskForPublication = lazy(() => review().then((m) => ({ default: m.AskForPublication })));

/**
 * The list of `resource` under `parent` (loaded on demand: ListScreen.jsx), with header operations
 * (`actions`), row links (`rowLinks`: [{label, to(row)}], or [{label, onClick(row)}] for a button,
 * e.g. opening the embed dialog; `shown(row)` false leaves it out of that row) and, with
 * `deletable`, a Delete guarded by the confirm dialog (`deleteGuard(row)` may return a text to
 * show instead, e.g. deleting oneself) and the deletion of selected rows (`bulkDelete`, the
 * same by default). Every list has a search box, pages, the row count and the export; `filters`
 * ([{name, label, options: [{value, label}]}]) and `gminaFilters` (voivodeship and district, for
 * gmina-keyed rows) add selects. Sort, search, filters and page live in the URL.
 * `columns` as in ListTable.
 */
export function ListScreen(props) {
  const { crumbs, heading, actions } = props;
  return (
    <Suspense
      fallback={
        <Page crumbs={crumbs} heading={heading} actions={actions}>
          <p>{TEXT.tableLoading}</p>
        </Page>
      }>
      <LazyListScreen {...props} />
    </Suspense>
  );
}

const initialOf = (fields, item) =>
  Object.fromEntries(
    fields
      .filter((f) => f.name)
      .map((f) => [
        f.name,
        item && item[f.name] !== undefined && item[f.name] !== null ? item[f.name] : (f.initial ?? ''),
      ]),
  );

// Numbers travel as numbers; an empty optional number as null.
function valueOf(field, value) {
  if (!(field.type === 'number' || field.numeric) || value === null) return value;
  return value === '' ? null : Number(value);
}

/** The default payload: every declared field, less the createOnly ones when editing. */
export function payloadOf(fields, values, editing) {
  return Object.fromEntries(
    fields.filter((f) => f.name && !(editing && f.createOnly)).map((f) => [f.name, valueOf(f, values[f.name])]),
  );
}

/**
 * A form's fields from their declarations: a `createOnly` one is shown disabled (and not
 * required) when editing; one with `render({value, onChange, values, set, setValues, editing, item})`
 * draws its own control (a rich-text editor, rows, a gmina select; `setValues(now => next)` when one
 * choice rebuilds the other values) or, without a name, a note among the fields;
 * `column` wraps one in that class (a wider block of rows under narrower fields).
 */
export function FormFields({ fields, values, set, setValues, editing, item }) {
  return fields
    .map((field, index) =>
      field.render ? (
        <Fragment key={field.name || index}>
          {field.render({
            value: values[field.name],
            onChange: field.name ? set(field.name) : undefined,
            values,
            set,
            setValues,
            editing,
            item,
          })}
        </Fragment>
      ) : (
        <Field
          key={field.name}
          field={editing && field.createOnly ? { ...field, disabled: true, required: false } : field}
          value={values[field.name]}
          onChange={set(field.name)}
        />
      ),
    )
    .map((node, index) =>
      fields[index].column ? (
        <div key={node.key} className={fields[index].column}>
          {node}
        </div>
      ) : (
        node
      ),
    );
}

const columnOf = (width) => (typeof width === 'number' ? `col-12 col-lg-${width}` : width);

const ChangedMeanwhile = lazy(() => import(/* webpackChunkName: "lazy-changed" */ './ChangedMeanwhile.jsx'));

function FieldsForm({
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
 * Create (no `id`) or edit (`id`) form of `resource`. Edit renders only once the record with
 * that id has loaded. `fields` as in FormFields (`createOnly`, `render`), plus `initial`; or
 * `fields(values, {editing, item})` when they follow the values (a type's own fields). `extra`
 * joins the create payload (e.g. the parent id); `toPayload(values, {editing, item,
 * removeKeysWithValues})` replaces the default payload; `fromItem(item)` gives the edit form's
 * values when they differ from the record's (e.g. a checkbox that is the inverse of a field, a
 * date shown in local time), `valuesOf(item)` every starting value (item null when creating).
 * `save(payload, {editing, id, values})` replaces the add/edit request (e.g. a second request
 * after a create). `keyRemoval`: the payload's key list (or `keyRemoval(values)`) whose refused
 * removal the operator may confirm (useKeyRemoval). `actions({values, editing, id, item,
 * setItem})`: buttons between Zapisz and Anuluj (Form's `extraActions`, e.g. 'Odśwież');
 * `setItem(record)` gives the form a fresher record (fields, payload and actions see it; the
 * values stay). `aside(values)` shows beside the form (a live preview; `width` and `asideWidth`
 * a number of large-screen columns or the classes).
 * `waiting` replaces the form while what it needs loads. After success: `back`. `publishActions`:
 * more buttons in a public record's publish dialog (EditLoader).
 */
export function FormScreen({ crumbs, heading, waiting, children, ...props }) {
  const { resource, id } = props; // the rest is the form's (FieldsForm)
  const editing = id !== undefined && id !== null;
  const may = useMay(resource.kind);
  if (!editing && !may('create'))
    return (
      <Page crumbs={crumbs} heading={heading}>
        <StatusBanner status="error" errors={[{ name: '', description: TEXT.forbidden, reason: true }]} />
      </Page>
    );
  return (
    <Page crumbs={crumbs} heading={heading}>
      {children}
      {waiting ||
        (editing ? (
          <EditLoader resource={resource} id={id} publishActions={props.publishActions}>
            {(item) => <FieldsForm key={id} {...props} item={item} />}
          </EditLoader>
        ) : (
          <FieldsForm {...props} item={null} />
        ))}
    </Page>
  );
}

// The API kind of a resource's records: its base path ('/rank_value' -> 'rank_value').
export const historyKindOf = (resource) => resource.historyKind || resource.base.replace(/^\/+|\/+$/g, '');
const HistoryPanel = lazy(() => import(/* webpackChunkName: "lazy-history" */ './HistoryPanel.jsx'));
const LazyHistoryLog = lazy(() => import(/* webpackChunkName: "lazy-history-log" */ './HistoryLog.jsx'));

const ReachPanel = lazy(() => import(/* webpackChunkName: "lazy-reach" */ './ReachPanel.jsx'));
const PublishDialog = lazy(() => import(/* webpackChunkName: "lazy-publish" */ './PublishDialog.jsx'));

/** Whether the records of `kind` are public widgets (the kinds the server lists in the page's
 * settings): their edit screens offer 'Zasięg'. */
export const isPublicKind = (kind) => (settings().publicKinds || []).includes(kind);

/** 'Zasięg' of the whole panel or of one record (`kind`, `id`), loaded on demand. */
export function Reach(props) {
  return (
    <Suspense fallback={<p>{TEXT.tableLoading}</p>}>
      <ReachPanel {...props} />
    </Suspense>
  );
}

/** The whole history with its filters ('Historia zmian'), loaded on demand; the shell's screen frames it. */
export function HistoryLog() {
  return (
    <Suspense fallback={<p>{TEXT.tableLoading}</p>}>
      <LazyHistoryLog />
    </Suspense>
  );
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
            <>
              <span className="me-auto" data-testid="publication-state">
                <span className="visually-hidden">Stan publikacji: </span>
                <PublicationBadge state={publication.state} label={publication.label} />
              </span>
              {!may('publish') && may('update') && (
                <Suspense fallback={null}>
                  <AskForPublication kind={kind} id={Number(id)} name={item.name || item.internal_name || `#${id}`} />
                </Suspense>
              )}
              {may('publish') && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  aria-haspopup="dialog"
                  onClick={() => setPublishing(true)}>
                  Publikacja
                </button>
              )}
            </>
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
