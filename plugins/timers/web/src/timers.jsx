// The timers' screens: the list with embed, edit and delete; the add and edit forms (from the schema).
import { publicLinkColumn, useEmbedAction } from '@smogpanel/kit';
import { SchemaFormScreen, SchemaListScreen } from '@smogpanel/kit/helpers';
import { useParams } from 'react-router-dom';
import { LIST, timers } from './resources.js';

const CRUMB = { label: 'Liczniki', to: LIST };

export function TimerList() {
  const embed = useEmbedAction('timer', { noun: 'Licznik' });
  return (
    <SchemaListScreen
      resource={timers}
      crumbs={[CRUMB]}
      actions={[{ label: 'Dodaj licznik', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name' },
        publicLinkColumn('timer', 'Publiczny widok licznika'),
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[embed.action, { label: 'Edytuj', to: (row) => `${LIST}/${row.id}` }]}
      deletable>
      {embed.dialog}
    </SchemaListScreen>
  );
}

export function TimerCreate() {
  return <SchemaFormScreen resource={timers} crumbs={[CRUMB, { label: 'Dodawanie licznika' }]} back={LIST} />;
}

export function TimerEdit() {
  const { timerId } = useParams();
  return <SchemaFormScreen resource={timers} id={timerId} crumbs={[CRUMB, { label: 'Edycja licznika' }]} back={LIST} />;
}
