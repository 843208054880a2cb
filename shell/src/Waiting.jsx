// 'Chwileczkę...' with a note, while something the screen needs is being checked or loaded.
import { TEXT, usePageTitle } from '@smogpanel/kit';

export function Waiting({ note, children }) {
  usePageTitle([TEXT.wait]);
  return (
    <div className="text-center py-5" role="status">
      <h1 className="h3">{TEXT.wait}</h1>
      <p className="text-muted">{note}</p>
      {children}
    </div>
  );
}
