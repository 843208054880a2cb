// The framed widget's embed dialog, apart from Dialog.jsx: its body (EmbedFrame.jsx, loaded on
// demand) builds on Dialog.jsx's EmbedDialog, so the two would otherwise import each other.
import { lazy, Suspense, useState } from 'react';

const EmbedFrame = lazy(() => import(/* webpackChunkName: "lazy-embed" */ './EmbedFrame.jsx'));

/**
 * The embed dialog of a framed widget (SPEC 7 "Embed snippets"): size (200-800 px by 100), full
 * width (100% wide, the size as minimum), an optional link laid over the widget, a live preview
 * and the snippet (the iframe plus the partner-site loader). `path` is the embed page without the
 * uuid, e.g. '/view/timer/sezon/embed'; `frameTitle` names the iframe for screen readers.
 * Loaded on first opening, like every dialog.
 */
export function EmbedFrameDialog(props) {
  const [opened, setOpened] = useState(props.show);
  if (props.show && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <EmbedFrame {...props} />
    </Suspense>
  );
}
