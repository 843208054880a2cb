// Field messages: which input a server error names, the label an operator sees, and the context
// that carries each field's message to it (Form.jsx; the Polish wording of the browser's own
// checks is validityMessages.js, loaded at a form's first refusal). Server errors name fields as
// the API does (`name`, `property_keys.0.name`); the kit's inputs are `field-<name>` and, in rows,
// `field-<name>-<index>-<sub>` (Form.jsx, Rows.jsx).
import { createContext, useContext } from 'react';

/** The id of the input a server error names: `property_keys.0.name` -> `field-property_keys-0-name`. */
export const inputIdOf = (name) => `field-${String(name).replace(/\./g, '-')}`;

/** The label an operator sees for `element` (its <label>, else its aria-label). */
export function labelOf(element) {
  const label = element.labels && element.labels[0];
  const text = (label ? label.textContent : element.getAttribute('aria-label')) || '';
  return text.trim();
}

/** The form's field messages by input id ({id: message}), for Field and custom controls. */
export const FieldErrorsContext = createContext({});

/**
 * A control's message and the attributes that tie it to it: spread `inputProps` on the input and
 * render `message` in an element with id `messageId` (FieldMessage does) under it.
 */
export function useFieldError(id, describedBy) {
  const message = useContext(FieldErrorsContext)[id];
  const messageId = `${id}-error`;
  const described = [message ? messageId : null, describedBy].filter(Boolean).join(' ');
  return {
    message,
    messageId,
    inputProps: { 'aria-invalid': message ? true : undefined, 'aria-describedby': described || undefined },
  };
}
