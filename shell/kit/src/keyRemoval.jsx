// Removing keys that hold values (a map's property keys, a search's keys): the server refuses
// with 409 naming the keys and the count (smogpanel.keys); the operator may confirm, and the
// form is sent again with remove_keys_with_values: 1.
import { useRef, useState } from 'react';
import { ConfirmDialog } from './Dialog.jsx';

const refusalOf = (error, field) =>
  error && error.status === 409 ? (error.errors || []).find((e) => e.name === field) : undefined;

/**
 * `field`: the payload's key list ('property_keys', 'search_keys'). Wrap the form's box in
 * `<div ref={box}>`, send through `send((confirmed) => resource.edit(id, payload(confirmed)))`
 * and render `dialog`.
 */
export function useKeyRemoval(field) {
  const [refusal, setRefusal] = useState(null); // the server's message while the operator decides
  const agreed = useRef(false);
  const box = useRef(null);

  async function send(request) {
    const confirmed = agreed.current;
    agreed.current = false;
    const result = await request(confirmed);
    const found = !result.ok && refusalOf(result.error, field);
    if (found) setRefusal(found.description);
    return result;
  }

  function confirm() {
    setRefusal(null);
    agreed.current = true;
    box.current.querySelector('form').requestSubmit();
  }

  const dialog = (
    <ConfirmDialog
      show={Boolean(refusal)}
      title="Usunąć właściwości razem z wartościami?"
      body={refusal}
      confirmLabel="Tak, usuń razem z wartościami."
      onConfirm={confirm}
      onCancel={() => setRefusal(null)}
    />
  );
  return { box, send, dialog };
}
