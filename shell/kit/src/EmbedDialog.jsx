// The embed-code dialog frame (Dialog.jsx exports its wrapper, loaded with its first opening;
// EmbedFrame.jsx builds the framed widget's dialog on it) and copying to the clipboard.
import { useEffect, useState } from 'react';
import { Dialog } from './Dialog.jsx';
import { TEXT } from './texts.js';

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
