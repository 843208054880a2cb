// The items' screens (SPEC 2.11): the list with embed, edit, refresh and delete; the form where
// choosing the type rebuilds the hook fields (SPEC 4): text inputs, the kit's searchable gmina
// picker and voivodeship select (its 'gmina' and 'voivodeship' widgets), and integration values
// shown read-only with their reading time, where each came from and its own last failure.
import { Field, FormScreen, StatusBanner, api, formatDate, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { SchemaListScreen, fieldOf, schemaFields, useFormDescription } from '@smogpanel/kit/helpers';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  INTEGRATION,
  LIST,
  hookField,
  hookProperty,
  hookRows,
  hookValues,
  integrationText,
  itemPayload,
  items,
  loadTypes,
  noteText,
  readingText,
  refreshFailures,
  valueErrorText,
  valueText,
} from './resources.js';

const CRUMB = { label: 'Elementy', to: LIST };

/** 'Odśwież': reads the item's integration sources now; resolves with the refreshed item. */
export async function refreshItem(id) {
  const result = await items.run('refresh', () => api.post(`/item/${id}/refresh`));
  return result;
}

/** A refresh's outcome: the request's own failure as every form shows it; sources that could not
 * be read as what they are (not the operator's data to check), with the values kept. */
function RefreshOutcome({ outcome }) {
  if (outcome.status !== 'unread') return <StatusBanner status={outcome.status} errors={outcome.errors} />;
  return (
    <div className="alert alert-warning" role="alert">
      Nie udało się odczytać źródła. Zapisane wartości zostają bez zmian; spróbuj odświeżyć później.
      <ul className="mb-0 mt-2">
        {outcome.errors.map((e, index) => (
          <li key={index}>{e.description}</li>
        ))}
      </ul>
    </div>
  );
}

/** The state of RefreshOutcome after `refreshItem`. */
function refreshOutcome(result) {
  if (!result.ok) return { status: 'error', errors: result.error.errors || [] };
  const failed = refreshFailures(result.payload);
  return failed.length ? { status: 'unread', errors: failed } : { status: 'success', errors: [] };
}

export function ItemList() {
  const embed = useEmbedAction('item', { noun: 'Element' });
  const [outcome, setOutcome] = useState(null);
  async function refresh(row) {
    setOutcome({ status: 'loading', errors: [] });
    setOutcome(refreshOutcome(await refreshItem(row.id)));
  }
  return (
    <SchemaListScreen
      resource={items}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj element', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
        publicLinkColumn('item', 'Publiczny widok elementu'),
        {
          name: 'item_type_name',
          label: 'Typ',
          render: (row) =>
            row.item_type_available ? (
              row.item_type_name
            ) : (
              <span className="text-danger">{row.item_type_name} (typ niedostępny)</span>
            ),
        },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[
        embed.action,
        { label: 'Edytuj', to: (row) => `${LIST}/${row.id}` },
        { label: 'Odśwież', onClick: refresh, shown: (row) => Boolean(row.refreshable) },
      ]}
      deletable>
      {outcome && <RefreshOutcome outcome={outcome} />}
      {embed.dialog}
    </SchemaListScreen>
  );
}

function useLoaded(load) {
  const [state, setState] = useState({ value: null, failed: false });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ value, failed: false }),
      () => live && setState({ value: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}

/** An INTEGRATION hook (or one the type no longer has): the value, read-only, with its reading. */
function ReadOnlyHook({ row, typeGone }) {
  const id = `field-${hookField(row.item_type_hook_name)}`;
  const badge = row.value && typeof row.value === 'object' && row.value.color;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {row.item_type_hook_display_name}
      </label>
      <div className="input-group">
        {badge && (
          <span className="input-group-text" style={{ background: row.value.color }} aria-hidden="true">
            &nbsp;
          </span>
        )}
        <input id={id} className="form-control" readOnly value={valueText(row)} />
      </div>
      {typeGone ? null : row.available ? (
        <div className="form-text">
          {integrationText(row) ? `Wartość z integracji „${integrationText(row)}”` : 'Wartość z integracji'}, tylko do
          odczytu: {readingText(row)}
          {noteText(row)}.
        </div>
      ) : (
        <div className="form-text text-warning">
          Typ elementu nie ma już tej właściwości; zniknie po zapisaniu elementu.
        </div>
      )}
      {row.value_error && !typeGone && (
        <div className="form-text text-danger" role="alert">
          {valueErrorText(row)}
        </div>
      )}
      {row.error && (
        <div className="form-text text-danger" role="alert">
          Błąd źródła ({formatDate(row.error_at)}): {row.error}.{' '}
          {row.read_at ? 'Pokazywany jest ostatni udany odczyt.' : 'Źródło nie zostało jeszcze ani razu odczytane.'}
        </div>
      )}
    </div>
  );
}

/** A hook row as a field: editable ones described as a form's property (hookProperty: a text,
 * or the kit's gmina picker and voivodeship select, placed by their widgets' names and chosen
 * again when editing), INTEGRATION (or gone) ones read-only. */
function hookFieldOf(row, typeGone) {
  const name = hookField(row.item_type_hook_name);
  if (!row.available || row.item_type_hook_type_name === INTEGRATION)
    return { name, render: () => <ReadOnlyHook row={row} typeGone={typeGone} /> };
  return fieldOf(name, hookProperty(row), true, { changeable: true });
}

/** Editing: the type, which cannot change, shown read-only. */
function TypeShown({ item }) {
  return (
    <div className="mb-3">
      <label htmlFor="field-item_type_id" className="form-label">
        Typ
      </label>
      <input
        id="field-item_type_id"
        className="form-control"
        readOnly
        value={item.item_type_available ? item.item_type_name : `${item.item_type_name} (typ niedostępny)`}
      />
      <div className="form-text">Typu nie można zmienić po utworzeniu elementu.</div>
    </div>
  );
}

const startValues = (item) => ({
  name: item ? item.name : '',
  internal_name: item ? item.internal_name : '',
  item_type_id: item ? item.item_type_id : '',
  ...(item ? hookValues(item.hooks) : {}),
});

function ItemForm({ id, crumb }) {
  const { value: types, failed } = useLoaded(loadTypes);
  const { description } = useFormDescription('item'); // the name, internal name and type as its schema says
  // the last refresh's outcome with the record it is about: a version put back from the history is
  // another record, whose form starts without it
  const [refreshing, setRefreshing] = useState(null);
  const outcomeOf = (item) => (refreshing && refreshing.of === item ? refreshing : null);
  const typeOf = (values) => (types ? types.find((t) => t.id === values.item_type_id) : null);
  const typeGone = (editing, item) => editing && !item.item_type_available;
  // SPEC 4: changing the type while creating rebuilds the property list from its hooks.
  const withType = (code) => (now) => ({
    name: now.name,
    internal_name: now.internal_name,
    item_type_id: code,
    ...hookValues(hookRows(typeOf({ item_type_id: code }), null)),
  });

  function fields(values, { editing, item }) {
    const type = typeOf(values);
    const typeOptions = (types || []).map((t) => ({ value: t.id, label: t.display_name }));
    // the hook fields once the types are known (an edited item's hooks are matched against its type)
    const hooks = (types || failed) && (type || editing) ? hookRows(type, item) : [];
    return [
      {
        render: () =>
          failed && (
            <StatusBanner
              status="error"
              errors={[{ name: '', description: 'Nie udało się wczytać typów elementów.' }]}
            />
          ),
      },
      { render: () => outcomeOf(item) && <RefreshOutcome outcome={outcomeOf(item)} /> },
      ...schemaFields(description, ['name', 'internal_name']),
      editing
        ? { name: 'item_type_id', render: () => <TypeShown item={item} /> }
        : {
            name: 'item_type_id',
            render: ({ value, setValues }) => (
              <Field
                field={{
                  name: 'item_type_id',
                  label: description.properties.item_type_id.title,
                  type: 'select',
                  required: true,
                  options: typeOptions,
                }}
                value={value}
                onChange={(code) => setValues(withType(code))}
              />
            ),
          },
      {
        render: () =>
          typeGone(editing, item) && (
            <div className="alert alert-warning" role="alert">
              Typ tego elementu jest niedostępny: wtyczka, która go dodaje, nie jest zainstalowana albo włączona. Można
              zmienić tylko nazwę; zapisane wartości zostają.
            </div>
          ),
      },
      ...hooks.map((row) => hookFieldOf(row, typeGone(editing, item))),
    ];
  }

  function actions({ values, editing, item, setItem }) {
    const rows = hookRows(typeOf(values), item);
    const integrations = rows.some((row) => row.available && row.item_type_hook_type_name === INTEGRATION);
    async function refresh() {
      setRefreshing({ status: 'loading', errors: [], of: item });
      const result = await refreshItem(id);
      if (result.ok) setItem(result.payload);
      setRefreshing({ ...refreshOutcome(result), of: result.ok ? result.payload : item });
    }
    return (
      editing &&
      integrations && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={refresh}
          disabled={outcomeOf(item)?.status === 'loading'}>
          Odśwież
        </button>
      )
    );
  }

  return (
    <FormScreen
      resource={items}
      id={id}
      crumbs={[CRUMB, { label: crumb }]}
      valuesOf={startValues}
      fields={fields}
      toPayload={(values, { editing, item }) =>
        itemPayload(values, typeOf(values), { editing, typeAvailable: !typeGone(editing, item) })
      }
      actions={actions}
      back={LIST}
      waiting={!description && <StatusBanner status="loading" />}
    />
  );
}

export const ItemCreate = () => <ItemForm crumb="Dodawanie elementu" />;

export function ItemEdit() {
  const { itemId } = useParams();
  return <ItemForm key={itemId} id={itemId} crumb="Edycja elementu" />;
}
