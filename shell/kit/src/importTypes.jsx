// The import types as GET /api/import/ gives them, and a type's template link: shared by the
// import form (Import.jsx) and the screen loaded on demand (ImportScreen.jsx).
import { useEffect, useState } from 'react';
import { api } from './api.js';

/** The import types as the server defines them (GET /import/: label, description, columns,
 * template), and whether the answer has come (`loaded`, also when it failed). */
export function useImportTypeList() {
  const [state, setState] = useState({ types: [], loaded: false });
  useEffect(() => {
    let live = true;
    api.get('/import/').then(
      (list) => live && setState({ types: Array.isArray(list) ? list : [], loaded: true }),
      () => live && setState({ types: [], loaded: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The import types as the server defines them ([] until they arrive). */
export const useImportTypes = () => useImportTypeList().types;

/** The download link of a type's template. */
export function TemplateLink({ type, children }) {
  return (
    <a href={`/api/import/${type}/template`} download>
      {children ?? `Pobierz szablon pliku ${type}`}
    </a>
  );
}
