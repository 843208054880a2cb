// What the list of every publicly viewable kind shares (SPEC 1: each record has a public
// view link and an embed code dialog): the internal-name column linking the public view,
// and the 'Osadź' row action with the dialog it opens.
import { useState } from 'react';
import { EmbedFrameDialog } from './EmbedFrameDialog.jsx';

export const publicPath = (kind, internalName) => `/view/${kind}/${internalName}`;

/** The internal-name column, a link to the record's public view in a new tab. */
export function publicLinkColumn(kind, title) {
  return {
    name: 'internal_name',
    label: 'Nazwa wewnętrzna',
    render: (row) => (
      <a href={publicPath(kind, row.internal_name)} target="_blank" rel="noopener noreferrer" title={title}>
        {row.internal_name}
      </a>
    ),
  };
}

/** `action` goes into a ListScreen's rowLinks, `dialog` among its children. `noun` names the
 * kind in the preview frame's title (e.g. 'Mapa'); `nameOf(row)` the record in the dialog's
 * heading and the frame's title when its stored name is not what the public sees (default: the name). */
export function useEmbedAction(kind, { noun, defaultSize, nameOf = (row) => row.name } = {}) {
  const [row, setRow] = useState(null);
  const [shown, setShown] = useState(false);
  const action = {
    label: 'Osadź',
    onClick: (picked) => {
      setRow(picked);
      setShown(true);
    },
  };
  const dialog = row && (
    <EmbedFrameDialog
      show={shown}
      onHide={() => setShown(false)}
      path={`${publicPath(kind, row.internal_name)}/embed`}
      frameTitle={`${noun}: ${nameOf(row)}`}
      title={`Kod do osadzenia: ${nameOf(row)}`}
      attribution={{ kind, id: row.id }}
      {...(defaultSize ? { defaultSize } : {})}
    />
  );
  return { action, dialog };
}
