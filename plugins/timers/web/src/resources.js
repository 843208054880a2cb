// The timers' resource and form (SPEC 2.4, 3 Timer, 5 Timer, 7 Timers).
import { defineResource, formatDate, payloadOf } from '@smogpanel/kit';
import { internalNameField } from '@smogpanel/kit/helpers';

export const LIST = '/timer';
export const timers = defineResource({ kind: 'timer', base: '/timer' });

export const STYLES = [
  { value: 'LIGHT', label: 'Jasny' },
  { value: 'SEA', label: 'Morski' },
  { value: 'RED', label: 'Czerwony' },
  { value: 'DARKRED', label: 'Ciemno-czerwony' },
  { value: 'GRAPHITE', label: 'Grafitowy' },
  { value: 'DARK', label: 'Ciemny' },
];

export const fields = [
  { name: 'name', label: 'Nazwa', required: true },
  internalNameField({ of: 'licznika' }),
  { name: 'timer_style_name', label: 'Styl', type: 'select', required: true, options: STYLES },
  { name: 'text_above', label: 'Tekst nad licznikiem', required: true },
  {
    name: 'deadline',
    label: 'Termin',
    type: 'datetime-local',
    required: true,
    help: 'Data i godzina czasu polskiego.',
  },
  { name: 'reverse', label: 'Odwrotne liczenie (czas liczony od daty zamiast do niej)', type: 'checkbox', initial: 0 },
  { name: 'text_below', label: 'Tekst pod licznikiem', required: true },
  {
    name: 'logo_path',
    label: 'Logo partnera',
    type: 'file',
    accept: 'image/png,image/jpeg,image/gif,image/webp',
    initial: null,
  },
  { name: 'hidden_brand', label: 'Ukryj markę serwisu', type: 'checkbox', initial: 0 },
];

/** The form's values of a record: the deadline in Warsaw time, 'reverse' as the inverse of countdown. */
export function fromItem(item) {
  return { ...item, deadline: formatDate(item.deadline).replace(' ', 'T'), reverse: item.countdown ? 0 : 1 };
}

/** The API's payload: countdown is the inverse of 'reverse' (SPEC 4); the deadline goes as Warsaw time. */
export function toPayload(values, { editing }) {
  const { reverse, ...payload } = payloadOf(fields, values, editing);
  return { ...payload, countdown: !Number(reverse), logo_path: payload.logo_path || null };
}
