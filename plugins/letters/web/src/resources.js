// The letters' resources, paths and payloads (SPEC 2.10, 3 Letter/Recipient, 5, 7 Letters).
import { defineResource } from '@smogpanel/kit';

export const LIST = '/letter';
export const GROUPS = '/letter/recipient_group';
export const letters = defineResource({ kind: 'letter', base: '/letter' });
// The group list sorts as lists do (id descending, SPEC 2.1); the letter form's select asks for
// names itself (useGroupOptions), as the API's default is for selects (SPEC 7).
export const groups = defineResource({ kind: 'recipient_group', base: '/recipient_group' });
export const recipients = defineResource({
  kind: 'recipient',
  base: '/recipient',
  listUrl: (groupId) => `/recipient/recipient_group/${groupId}`,
});
export const senders = defineResource({
  kind: 'letter_sender',
  base: '/letter_sender',
  listUrl: (letterId) => `/letter/${letterId}/sender`,
});

export const recipientsPath = (groupId) => `${GROUPS}/${groupId}/recipient`;

export const DEFAULT_GDPR_AGREEMENT = 'Wyrażam zgodę na przetwarzanie moich danych osobowych podanych w formularzu.';

const FIELDS = ['name', 'internal_name', 'title', 'content', 'gdpr_agreement', 'gdpr_info'];

/** The letter form's values: a record's, or empty ones for a new letter. */
export function letterValues(item) {
  const values = Object.fromEntries(FIELDS.map((name) => [name, item ? item[name] || '' : '']));
  values.recipient_group_id = item ? String(item.recipient_group_id) : '';
  values.cover_path = item ? item.cover_path : null;
  return values;
}

/** The API's payload (SPEC 7): the edit leaves out internal_name; an unchanged cover goes by its stored name. */
export function letterPayload(values, editing) {
  const payload = {
    name: values.name,
    recipient_group_id: Number(values.recipient_group_id),
    cover_path: values.cover_path || null,
    title: values.title,
    content: values.content,
    gdpr_agreement: values.gdpr_agreement,
    gdpr_info: values.gdpr_info,
  };
  return editing ? payload : { ...payload, internal_name: values.internal_name };
}

export const DELIVERY = {
  unconfirmed: 'czeka na potwierdzenie',
  queued: 'w kolejce',
  delivered: 'doręczony',
  failing: 'błąd doręczenia (ponowi send-mail)',
  erased: 'dane usunięte (RODO)',
};
