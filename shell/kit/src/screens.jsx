// Whole screens as declarations: a plugin names its resource, crumbs, columns and fields.
import { Fragment, lazy, Suspense } from 'react';
import { useMay } from './auth.js';
import { Field } from './Form.jsx';
import { Page } from './Page.jsx';
import { settings } from './config.js';
import { StatusBanner } from './StatusBanner.jsx';
import { TEXT } from './texts.js';

const LazyListScreen = lazy(() => import(/* webpackChunkName: "lazy-list" */ './ListScreen.jsx'));
const LazyListTable = lazy(() =>
  import(/* webpackChunkName: "lazy-table" */ './ListTable.jsx').then((m) => ({ default: m.ListTable })),
);
// A record's form and edit screen (RecordForms.jsx): with the first such screen, not the panel's first load.
const recordForms = () => import(/* webpackChunkName: "lazy-record" */ './RecordForms.jsx');
const FieldsForm = lazy(() => recordForms().then((m) => ({ default: m.FieldsForm })));
const LazyEditLoader = lazy(() => recordForms().then((m) => ({ default: m.EditLoader })));

/** The header operations a list offers the account: what it may not do is not offered (the server
 * refuses it anyway). An action needs `needs`, or by the kit's routes' convention 'create' for
 * '…/add' and 'import' for '…/import'. */
export function useOfferedActions(kind, actions) {
  const may = useMay(kind);
  const needed = (action) =>
    action.needs || (/\/add$/.test(action.to || '') ? 'create' : /\/import$/.test(action.to || '') ? 'import' : 'read');
  return actions && actions.filter((action) => may(needed(action)));
}

/**
 * The list of `resource` under `parent` (loaded on demand: ListScreen.jsx), with header operations
 * (`actions`), row links (`rowLinks`: [{label, to(row)}], or [{label, onClick(row)}] for a button,
 * e.g. opening the embed dialog; `shown(row)` false leaves it out of that row) and, with
 * `deletable`, a Delete guarded by the confirm dialog (`deleteGuard(row)` may return a text to
 * show instead, e.g. deleting oneself) and the deletion of selected rows (`bulkDelete`, the
 * same by default). Every list has a search box, pages, the row count and the export; `filters`
 * ([{name, label, options: [{value, label}]}]) and `gminaFilters` (voivodeship and district, for
 * gmina-keyed rows) add selects. Sort, search, filters and page live in the URL.
 * `columns` as in ListTable. `waiting` replaces the list while what it needs loads.
 *
 * The header (crumbs, heading, actions) is drawn here, outside the part loaded on demand, so it
 * stays the same elements while the list loads: drawn anew, a press on 'Dodaj…' and its release
 * reached two different links and made no click (docs/performance.md, "The lost clicks").
 */
export function ListScreen({ waiting, ...props }) {
  const { resource, crumbs, heading } = props;
  const actions = useOfferedActions(resource.kind, props.actions);
  return (
    <Page crumbs={crumbs} heading={heading} actions={actions}>
      {waiting || (
        <Suspense fallback={<p>{TEXT.tableLoading}</p>}>
          <LazyListScreen {...props} />
        </Suspense>
      )}
    </Page>
  );
}

/** ListTable.jsx (its props are documented there), loaded on demand: no first screen has a table
 * outside a list screen, which brings its own. */
export function ListTable(props) {
  return (
    <Suspense fallback={<p>{TEXT.tableLoading}</p>}>
      <LazyListTable {...props} />
    </Suspense>
  );
}

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
      {waiting || (
        <Suspense fallback={<StatusBanner status="loading" />}>
          {editing ? (
            <LazyEditLoader resource={resource} id={id} publishActions={props.publishActions}>
              {(item) => <FieldsForm key={id} {...props} item={item} />}
            </LazyEditLoader>
          ) : (
            <FieldsForm {...props} item={null} />
          )}
        </Suspense>
      )}
    </Page>
  );
}

// The API kind of a resource's records: its base path ('/rank_value' -> 'rank_value').
export const historyKindOf = (resource) => resource.historyKind || resource.base.replace(/^\/+|\/+$/g, '');
const LazyHistoryLog = lazy(() => import(/* webpackChunkName: "lazy-history-log" */ './HistoryLog.jsx'));

const ReachPanel = lazy(() => import(/* webpackChunkName: "lazy-reach" */ './ReachPanel.jsx'));

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
export function EditLoader(props) {
  return (
    <Suspense fallback={<StatusBanner status="loading" />}>
      <LazyEditLoader {...props} />
    </Suspense>
  );
}
