// A modal dialog, plus the confirm dialog of SPEC section 2.1 and the embed-code dialog frame
// (EmbedFrameDialog.jsx opens the framed widget's dialog, which builds on EmbedDialog).
import { lazy, Suspense, useState } from 'react';
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

const LazyEmbedDialog = lazy(() =>
  import(/* webpackChunkName: "lazy-embed-dialog" */ './EmbedDialog.jsx').then((m) => ({ default: m.EmbedDialog })),
);

/** The embed-code dialog frame (EmbedDialog.jsx, loaded with its first opening; props there). */
export function EmbedDialog(props) {
  const [opened, setOpened] = useState(props.show); // as Dialog: kept from its first opening on
  if (props.show && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyEmbedDialog {...props} />
    </Suspense>
  );
}
