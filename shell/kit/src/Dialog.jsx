// A modal dialog, plus the confirm dialog of SPEC section 2.1 and the embed-code dialog frame
// (EmbedFrameDialog.jsx opens the framed widget's dialog, which builds on EmbedDialog).
import { lazy, Suspense, useEffect, useState } from 'react';
import { TEXT } from './texts.js';

const ModalFrame = lazy(() => import(/* webpackChunkName: "lazy-modal" */ './ModalFrame.jsx'));

/** show, onHide, title, children, footer (nodes), size ('lg', ...). */
export function Dialog(props) {
  // Mounted from its first opening on, so closing can animate; never loaded if never opened.
  const [opened, setOpened] = useState(props.show);
  if (props.show && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalFrame {...props} />
    </Suspense>
  );
}

/**
 * Asks before deleting. Without `onConfirm` it only informs (one button, `cancelLabel`),
 * e.g. the self-delete notice of the accounts list.
 */
export function ConfirmDialog({
  show,
  onConfirm,
  onCancel,
  title = TEXT.confirmTitle,
  body = TEXT.confirmBody,
  confirmLabel = TEXT.confirmYes,
  cancelLabel = onConfirm ? TEXT.confirmNo : TEXT.close,
}) {
  const footer = (
    <>
      {onConfirm && (
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      )}
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
    </>
  );
  return (
    <Dialog show={show} onHide={onCancel} title={title} footer={footer}>
      <p className="mb-0">{body}</p>
    </Dialog>
  );
}

/** Copies text to the clipboard; falls back to selecting it where the Clipboard API is missing. */
export async function copy(text, textarea) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    textarea.select();
    document.execCommand('copy');
  }
}

/**
 * The embed-code dialog frame: a read-only snippet with a copy button. A plugin puts its
 * options (size, full width, link...) in `children` and passes the snippet they produce.
 */
export function EmbedDialog({ show, onHide, title = TEXT.embedTitle, snippet, size = 'lg', children }) {
  const [copied, setCopied] = useState(false);
  const [area, setArea] = useState(null);
  useEffect(() => setCopied(false), [snippet]);
  const footer = (
    <>
      {copied && (
        <span className="text-success me-auto" role="status">
          {TEXT.embedCopied}
        </span>
      )}
      <button type="button" className="btn btn-primary" onClick={() => copy(snippet, area).then(() => setCopied(true))}>
        {TEXT.embedCopy}
      </button>
      <button type="button" className="btn btn-secondary" onClick={onHide}>
        {TEXT.close}
      </button>
    </>
  );
  return (
    <Dialog show={show} onHide={onHide} title={title} footer={footer} size={size}>
      {children}
      <label htmlFor="embed-snippet" className="form-label">
        {TEXT.embedSnippet}
      </label>
      <textarea
        id="embed-snippet"
        ref={setArea}
        className="form-control font-monospace"
        rows={6}
        readOnly
        value={snippet || ''}
      />
    </Dialog>
  );
}
