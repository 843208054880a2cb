// The timers' screens: the list with embed, edit and delete; the add and edit forms.
import { EmbedFrameDialog, FormScreen, ListScreen } from '@smogpanel/kit';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LIST, fields, fromItem, publicPath, timers, toPayload } from './resources.js';

const CRUMB = { label: 'Liczniki', to: LIST };

export function TimerList() {
  const [embedding, setEmbedding] = useState(null);
  const [shown, setShown] = useState(false);
  return (
    <ListScreen resource={timers} crumbs={[CRUMB]} actions={[{ label: 'Dodaj licznik', to: `${LIST}/add` }]}
      columns={[
        { name: 'id', label: 'ID' },
        { name: 'name', label: 'Nazwa' },
        {
          name: 'internal_name', label: 'Nazwa wewnętrzna',
          render: (row) => (
            <a href={publicPath(row.internal_name)} target="_blank" rel="noopener noreferrer" title="Publiczny widok licznika">
              {row.internal_name}
            </a>
          ),
        },
        { name: 'updated', label: 'Aktualizacja', type: 'updated' },
      ]}
      rowLinks={[
        { label: 'Osadź', onClick: (row) => { setEmbedding(row); setShown(true); } },
        { label: 'Edytuj', to: (row) => `${LIST}/${row.id}` },
      ]}
      deletable>
      {embedding && (
        <EmbedFrameDialog show={shown} onHide={() => setShown(false)} path={`${publicPath(embedding.internal_name)}/embed`}
          frameTitle={`Licznik: ${embedding.name}`} title={`Kod do osadzenia: ${embedding.name}`} />
      )}
    </ListScreen>
  );
}

export function TimerCreate() {
  return (
    <FormScreen resource={timers} crumbs={[CRUMB, { label: 'Dodawanie licznika' }]} fields={fields} toPayload={toPayload} back={LIST} />
  );
}

export function TimerEdit() {
  const { timerId } = useParams();
  return (
    <FormScreen resource={timers} id={timerId} crumbs={[CRUMB, { label: 'Edycja licznika' }]} fields={fields} fromItem={fromItem}
      toPayload={toPayload} back={LIST} />
  );
}
