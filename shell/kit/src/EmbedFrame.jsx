// The body of EmbedFrameDialog (loaded on first opening): options, live preview, snippet.
import { useEffect, useState } from 'react';
import { EmbedDialog } from './EmbedDialog.jsx';
import { EMBED_SIZES, embedSnippet, embedSource, embedStyle, httpLink, newUuid } from './embed.js';
import { HELLO, RESIZE } from '@smogpanel/embeds/protocol';
import { TEXT } from './texts.js';
import { DEFAULT_LOOK, EmbedLook } from './EmbedLook.jsx';
import { PublicAttribution } from './PublicAttribution.jsx';
import { api } from './api.js';
import { pinnedPath, publishPath } from './publishing.jsx';

/**
 * Which version the embed shows: "zawsze najnowsza" (the default: the live version, whatever is
 * published later) or "ta wersja" (the live version's number, /view/<kind>/<name>/v/<seq>: what
 * the partner pastes never changes). `live` null: nothing published to pin.
 */
export function VersionChoice({ live, pinned, onChange }) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Wersja</legend>
      <div className="form-check form-check-inline">
        <input
          id="embed-version-latest"
          type="radio"
          name="embed-version"
          className="form-check-input"
          checked={!pinned}
          onChange={() => onChange(false)}
        />
        <label htmlFor="embed-version-latest" className="form-check-label">
          zawsze najnowsza
        </label>
      </div>
      <div className="form-check form-check-inline">
        <input
          id="embed-version-pinned"
          type="radio"
          name="embed-version"
          className="form-check-input"
          checked={pinned}
          disabled={!live}
          aria-describedby="embed-version-help"
          onChange={() => onChange(true)}
        />
        <label htmlFor="embed-version-pinned" className="form-check-label">
          {live ? `ta wersja (${live})` : 'ta wersja'}
        </label>
      </div>
      <div id="embed-version-help" className="form-text">
        {live
          ? '„Ta wersja” pokazuje zawsze to, co opublikowano jako wersję ' + live + ', także po kolejnych publikacjach.'
          : 'Nie ma opublikowanej wersji, którą można przypiąć.'}
      </div>
    </fieldset>
  );
}

/** The live preview: the real embed page, sized by its resize messages like the loader does. */
function Preview({ src, uuid, size, fullWidth, title }) {
  const [frame, setFrame] = useState(null);
  const [height, setHeight] = useState(null);
  useEffect(() => setHeight(null), [src, size, fullWidth]);
  useEffect(() => {
    if (!frame) return undefined;
    const listen = (event) => {
      const data = event.data;
      if (event.source !== frame.contentWindow || event.origin !== window.location.origin) return;
      if (data && data.type === RESIZE && data.uuid === uuid && Number.isFinite(data.height) && data.height > 0)
        setHeight(Math.ceil(data.height));
    };
    // Said hello, the preview sends link clicks as messages (ignored here) instead of leaving the panel.
    const greet = () =>
      frame.contentWindow && frame.contentWindow.postMessage({ type: HELLO, uuid }, window.location.origin);
    window.addEventListener('message', listen);
    frame.addEventListener('load', greet);
    return () => {
      window.removeEventListener('message', listen);
      frame.removeEventListener('load', greet);
    };
  }, [frame, uuid]);
  const style = Object.fromEntries(
    embedStyle({ size, fullWidth })
      .split(';')
      .map((rule) => rule.split(':'))
      .map(([key, value]) => [key.replace(/-([a-z])/g, (_, c) => c.toUpperCase()), value]),
  );
  if (height) style.height = `${height}px`;
  return (
    <figure className="mb-3">
      <figcaption className="form-label">{TEXT.embedPreview}</figcaption>
      <div className="border rounded p-2 bg-light overflow-auto" style={{ maxHeight: '60vh' }}>
        <iframe
          ref={setFrame}
          key={src}
          src={src}
          title={`${TEXT.embedPreview}: ${title}`}
          style={style}
          scrolling="no"
        />
      </div>
    </figure>
  );
}

export default function EmbedFrame({
  show,
  onHide,
  path,
  frameTitle = '',
  sizes = EMBED_SIZES,
  defaultSize = 300,
  title = TEXT.embedTitle,
  attribution, // {kind, id}: the record whose downloads' source and licence the dialog edits
}) {
  const [uuid, setUuid] = useState(newUuid);
  const [size, setSize] = useState(defaultSize);
  const [fullWidth, setFullWidth] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [look, setLook] = useState(DEFAULT_LOOK);
  const [live, setLive] = useState(null); // the live version's number ("ta wersja")
  const [pinned, setPinned] = useState(false);
  useEffect(() => {
    if (show) setUuid(newUuid()); // every opening: a new embed, with its own uuid
  }, [show, path]);
  const kind = attribution && attribution.kind;
  const id = attribution && attribution.id;
  useEffect(() => {
    setPinned(false);
    setLive(null);
    if (!show || !kind || !id) return;
    api.get(publishPath(kind, id, 'versions')).then(
      (versions) => setLive(versions.live),
      () => setLive(null),
    );
  }, [show, kind, id]);
  const origin = window.location.origin;
  const link = httpLink(linkText);
  const shownPath = pinned && live ? pinnedPath(path, live) : path;
  const snippet = embedSnippet({ origin, path: shownPath, uuid, size, fullWidth, link, title: frameTitle, ...look });
  return (
    <EmbedDialog show={show} onHide={onHide} title={title} snippet={snippet} size="xl">
      <div className="row g-3 align-items-end mb-3">
        <div className="col-sm-3">
          <label htmlFor="embed-size" className="form-label">
            {TEXT.embedSize}
          </label>
          <select
            id="embed-size"
            className="form-select"
            value={size}
            onChange={(e) => setSize(Number(e.target.value))}>
            {sizes.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-9">
          <div className="form-check">
            <input
              id="embed-full-width"
              type="checkbox"
              className="form-check-input"
              checked={fullWidth}
              onChange={(e) => setFullWidth(e.target.checked)}
            />
            <label htmlFor="embed-full-width" className="form-check-label">
              {TEXT.embedFullWidth}
            </label>
          </div>
        </div>
        <div className="col-12">
          <label htmlFor="embed-link" className="form-label">
            {TEXT.embedLink}
          </label>
          <input
            id="embed-link"
            type="url"
            className={`form-control${linkText && !link ? ' is-invalid' : ''}`}
            value={linkText}
            placeholder="https://"
            onChange={(e) => setLinkText(e.target.value)}
          />
          <div className={linkText && !link ? 'invalid-feedback' : 'form-text'}>
            {linkText && !link ? TEXT.embedLinkInvalid : TEXT.embedLinkHelp}
          </div>
        </div>
      </div>
      {kind && <VersionChoice live={live} pinned={pinned} onChange={setPinned} />}
      <EmbedLook look={look} onChange={setLook} />
      {attribution && <PublicAttribution kind={attribution.kind} id={attribution.id} />}
      {show && (
        <Preview
          src={embedSource({ origin, path: shownPath, uuid, link, ...look })}
          uuid={uuid}
          size={size}
          fullWidth={fullWidth}
          title={frameTitle}
        />
      )}
    </EmbedDialog>
  );
}
