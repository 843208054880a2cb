// The gmina of a new entry: every live gmina, named with its district and voivodeship (gminy
// share names). A stand-in until the kit's searchable gmina select (issue 11) lands.
import { Field, api } from '@smogpanel/kit';
import { useEffect, useState } from 'react';
import { boroughLabel } from './resources.js';

export function BoroughSelect({ value, onChange, disabled, label = 'Gmina' }) {
  const [options, setOptions] = useState(null);
  useEffect(() => {
    let live = true;
    api.get('/borough/', { order: 'name', asc: 1 }).then(
      (answer) => live && setOptions(answer.list.map((row) => ({ value: String(row.id), label: boroughLabel(row) }))),
      () => live && setOptions([]),
    );
    return () => { live = false; };
  }, []);
  return (
    <Field field={{ name: 'borough_id', label, type: 'select', required: true, disabled: disabled || options === null,
      options: options || [], help: options === null ? 'Wczytywanie gmin...' : undefined }}
      value={value} onChange={onChange} />
  );
}
