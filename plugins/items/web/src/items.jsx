// The items' screens (SPEC 2.11): the list with embed, edit, refresh and delete; the form where
// choosing the type rebuilds the hook fields (SPEC 4): text inputs, a searchable gmina select,
// a voivodeship select, and integration values shown read-only with their reading time, where
// each came from and its own last failure.
import {
  EditLoader,
  Field,
  Form,
  GminaSelect,
  ListScreen,
  Page,
  StatusBanner,
  api,
  formatDate,
  publicLinkColumn,
  useEmbedAction,
  useValues,
} from '@smogpanel/kit';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  BOROUGH,
  INTEGRATION,
  LIST,
  VOIVODESHIP,
  hookField,
  hookRows,
  hookValues,
  integrationText,
  itemPayload,
  items,
  loadTypes,
  loadVoivodeships,
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
    <ListScreen
      resource={items}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj element', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa' },
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
    </ListScreen>
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

function VoivodeshipSelect({ row, value, onChange }) {
  const { value: options, failed } = useLoaded(loadVoivodeships);
  const field = {
    name: hookField(row.item_type_hook_name),
    label: row.item_type_hook_display_name,
    type: 'select',
    required: true,
    options: options || [],
    help: failed ? 'Nie udało się wczytać województw.' : undefined,
  };
  return <Field field={field} value={value} onChange={onChange} />;
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

function HookFields({ rows, values, set, typeGone }) {
  return rows.map((row) => {
    const name = hookField(row.item_type_hook_name);
    const kind = row.item_type_hook_type_name;
    if (!row.available || kind === INTEGRATION) return <ReadOnlyHook key={name} row={row} typeGone={typeGone} />;
    if (kind === BOROUGH)
      return (
        <GminaSelect
          key={name}
          name={name}
          label={row.item_type_hook_display_name}
          value={values[name]}
          onChange={set(name)}
          required
        />
      );
    if (kind === VOIVODESHIP)
      return <VoivodeshipSelect key={name} row={row} value={values[name]} onChange={set(name)} />;
    return (
      <Field
        key={name}
        field={{ name, label: row.item_type_hook_display_name, required: true }}
        value={values[name]}
        onChange={set(name)}
      />
    );
  });
}

function ItemForm({ id, item: loaded }) {
  const navigate = useNavigate();
  const editing = Boolean(id);
  const { value: types, failed } = useLoaded(loadTypes);
  const [item, setItem] = useState(loaded);
  const [values, set, setValues] = useValues(() => ({
    name: loaded ? loaded.name : '',
    internal_name: loaded ? loaded.internal_name : '',
    item_type_id: loaded ? loaded.item_type_id : '',
    ...(loaded ? hookValues(loaded.hooks) : {}),
  }));
  const [refreshing, setRefreshing] = useState(null);
  const type = types ? types.find((t) => t.id === values.item_type_id) : null;
  const typeAvailable = !editing || Boolean(item.item_type_available);
  const rows = hookRows(type, item);

  function chooseType(code) {
    // SPEC 4: changing the type while creating rebuilds the property list from its hooks.
    const chosen = types.find((t) => t.id === code);
    setValues((now) => ({
      name: now.name,
      internal_name: now.internal_name,
      item_type_id: code,
      ...hookValues(hookRows(chosen, null)),
    }));
  }

  async function refresh() {
    setRefreshing({ status: 'loading', errors: [] });
    const result = await refreshItem(id);
    if (result.ok) setItem(result.payload);
    setRefreshing(refreshOutcome(result));
  }

  function send() {
    const payload = itemPayload(values, type, { editing, typeAvailable });
    return editing ? items.edit(id, payload) : items.add(payload);
  }

  const integrations = rows.some((row) => row.available && row.item_type_hook_type_name === INTEGRATION);
  const typeOptions = (types || []).map((t) => ({ value: t.id, label: t.display_name }));
  return (
    <div className="col-12 col-lg-8">
      {failed && (
        <StatusBanner status="error" errors={[{ name: '', description: 'Nie udało się wczytać typów elementów.' }]} />
      )}
      <Form
        onSubmit={send}
        onDone={() => navigate(LIST)}
        cancelTo={LIST}
        extraActions={
          editing &&
          integrations && (
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={refresh}
              disabled={refreshing?.status === 'loading'}>
              Odśwież
            </button>
          )
        }>
        {refreshing && <RefreshOutcome outcome={refreshing} />}
        <Field field={{ name: 'name', label: 'Nazwa', required: true }} value={values.name} onChange={set('name')} />
        <Field
          field={{
            name: 'internal_name',
            label: 'Nazwa wewnętrzna',
            required: !editing,
            disabled: editing,
            help: 'Część publicznego adresu elementu: małe litery, cyfry, „-” i „_”. Po utworzeniu nie można jej zmienić.',
          }}
          value={values.internal_name}
          onChange={set('internal_name')}
        />
        {editing ? (
          <div className="mb-3">
            <label htmlFor="field-item_type_id" className="form-label">
              Typ
            </label>
            <input
              id="field-item_type_id"
              className="form-control"
              readOnly
              value={typeAvailable ? item.item_type_name : `${item.item_type_name} (typ niedostępny)`}
            />
            <div className="form-text">Typu nie można zmienić po utworzeniu elementu.</div>
          </div>
        ) : (
          <Field
            field={{ name: 'item_type_id', label: 'Typ', type: 'select', required: true, options: typeOptions }}
            value={values.item_type_id}
            onChange={chooseType}
          />
        )}
        {editing && !typeAvailable && (
          <div className="alert alert-warning" role="alert">
            Typ tego elementu jest niedostępny: wtyczka, która go dodaje, nie jest zainstalowana albo włączona. Można
            zmienić tylko nazwę; zapisane wartości zostają.
          </div>
        )}
        {/* the hook fields once the types are known (an edited item's hooks are matched against its type) */}
        {(types || failed) && (type || editing) && (
          <HookFields rows={rows} values={values} set={set} typeGone={!typeAvailable} />
        )}
      </Form>
    </div>
  );
}

export function ItemCreate() {
  return (
    <Page crumbs={[CRUMB, { label: 'Dodawanie elementu' }]}>
      <ItemForm />
    </Page>
  );
}

export function ItemEdit() {
  const { itemId } = useParams();
  return (
    <Page crumbs={[CRUMB, { label: 'Edycja elementu' }]}>
      <EditLoader resource={items} id={itemId}>
        {(item) => <ItemForm key={itemId} id={itemId} item={item} />}
      </EditLoader>
    </Page>
  );
}
