// The widget next to the calculator form: the same plain-DOM widget partners embed, drawn from
// the form's values and the current definition, with what the definition lacks named.
import { useEffect, useRef, useState } from 'react';
import { CSS, renderCalculator } from './embed/widget.js';

let styled = false;
function addStyleOnce() {
  if (styled || typeof document === 'undefined') return;
  styled = true;
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.appendChild(style);
}

export function WidgetPreview({ calculator, types }) {
  const box = useRef(null);
  const [problems, setProblems] = useState([]);
  useEffect(() => {
    addStyleOnce();
    if (!box.current || !types) return;
    const { model } = renderCalculator(
      box.current,
      {
        calculator: { ...calculator, show_refund: Boolean(Number(calculator.show_refund)) },
        definition: types,
      },
      { refund: Boolean(Number(calculator.show_refund)) },
    );
    setProblems(model.problems);
  }, [calculator, types]);
  return (
    <section aria-labelledby="calculator-preview-title" className="border rounded p-2 bg-light">
      <h2 id="calculator-preview-title" className="h6">
        Podgląd widżetu
      </h2>
      {!types && <p className="text-muted small">Wczytywanie definicji...</p>}
      {problems.length > 0 && (
        <div className="alert alert-warning small" role="note">
          <p className="mb-1">Definicja nie wystarcza do obliczeń (na stronie partnera te źródła zostaną pominięte):</p>
          <ul className="mb-0">
            {problems.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      <div ref={box} data-testid="calculator-preview" />
    </section>
  );
}
