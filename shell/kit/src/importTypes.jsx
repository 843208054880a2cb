// The import types as GET /api/import/ gives them, and a type's template link: shared by the
// import form (Import.jsx) and the screen loaded on demand (ImportScreen.jsx).
import { useEffect, useState } from 'react';
import { api } from './api.js';

/** The import types as the server defines them (GET /import/: label, description, columns, template). */
export function useImportTypes() {
  const [types, setTypes] = useState([]);
  useEffect(() => {
    let live = true;
    api.get('/import/').then(
      (list) => live && setTypes(Array.isArray(list) ? list : []),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return types;
}

/** The download link of a type's template. */
export function TemplateLink({ type, children }) {
  return (
    <a href={`/api/import/${type}/template`} download>
      {children ?? `Pobierz szablon pliku ${type}`}
    </a>
  );
}
