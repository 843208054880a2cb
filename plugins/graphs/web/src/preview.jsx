// The live preview next to the graph and entry forms: the embed's own drawing of what the form holds.
import { addStyle } from '@smogpanel/embeds/frame';
import { useEffect, useRef } from 'react';
import { CSS, renderGraph } from './embed/widget.js';

let styled = false;

export function Preview({ payload }) {
  const box = useRef(null);
  // The form hands a new object on every render: drawn again only when what it holds changes.
  const drawn = JSON.stringify(payload);
  useEffect(() => {
    if (!styled) {
      addStyle(CSS);
      styled = true;
    }
    if (box.current) renderGraph(box.current, JSON.parse(drawn));
  }, [drawn]);
  return (
    <aside className="border rounded p-2 mb-3" aria-label="Podgląd wykresu">
      <div className="small text-muted mb-1">Podgląd wykresu</div>
      <div ref={box} data-testid="graph-preview" />
    </aside>
  );
}
