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

export const DELIVERY = {
  unconfirmed: 'czeka na potwierdzenie',
  queued: 'w kolejce',
  delivered: 'doręczony',
  failing: 'błąd doręczenia (ponowi send-mail)',
  erased: 'dane usunięte (RODO)',
};
