// The voivodeships a voivodeship-scoped editor may change (smogpanel.authority), for a
// screen that shows the rest read-only: `GET /api/user/me` names them by id, the gazetteer's list
// (loadVoivodeships) gives their names and two-letter codes.
import { useMe } from '@smogpanel/kit';
import { useEffect, useState } from 'react';
import { loadVoivodeships } from './voivodeships.js';

/** The ids of the voivodeships the signed-in account is limited to, or null when it is not
 * (no scope, a super administrator, or the account not known yet: the server decides anyway). */
function scopedIds(me) {
  if (!me || me.super || me.role === 'super') return null;
  const ids = me.scope_voivodeships || [];
  return ids.length ? ids.map(String) : null;
}

/** The voivodeships the account may change, [{id, name, code}] (code: the two letters keying a
 * measurement's cells, null for one added by hand), or null when it may change every one. A
 * scoped account gets [] until the list loads (nothing editable rather than too much); should the
 * list fail to load, its ids with no name or code. */
export function useRegionScope() {
  const ids = scopedIds(useMe());
  const key = ids ? ids.join(',') : '';
  const [loaded, setLoaded] = useState(null);
  useEffect(() => {
    if (!key) return undefined;
    let live = true;
    loadVoivodeships().then(
      (options) => live && setLoaded({ key, options }),
      () => live && setLoaded({ key, options: null }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (!ids) return null;
  if (!loaded || loaded.key !== key) return [];
  if (!loaded.options) return ids.map((id) => ({ id: Number(id), name: null, code: null }));
  return loaded.options
    .filter((option) => ids.includes(option.value))
    .map((option) => ({ id: Number(option.value), name: option.label, code: option.code || null }));
}
