// The timers' screens: the list with embed, edit and delete; the add and edit forms.
import { FormScreen, ListScreen, publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { useParams } from 'react-router-dom';
import { LIST, fields, fromItem, timers, toPayload } from './resources.js';

const CRUMB = { label: 'Liczniki', to: LIST };

export function TimerList() {
  const embed = useEmbedAction('timer', { noun: 'Licznik' });
  return (
    <ListScreen
      resource={timers}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj licznik', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa' },
        publicLinkColumn('timer', 'Publiczny widok licznika'),
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: 'Edytuj', to: (row) => `${LIST}/${row.id}` }]}
      deletable>
      {embed.dialog}
    </ListScreen>
  );
}

export function TimerCreate() {
  return (
    <FormScreen
      resource={timers}
      crumbs={[CRUMB, { label: 'Dodawanie licznika' }]}
      fields={fields}
      toPayload={toPayload}
      back={LIST}
    />
  );
}

export function TimerEdit() {
  const { timerId } = useParams();
  return (
    <FormScreen
      resource={timers}
      id={timerId}
      crumbs={[CRUMB, { label: 'Edycja licznika' }]}
      fields={fields}
      fromItem={fromItem}
      toPayload={toPayload}
      back={LIST}
    />
  );
}
