// The timers' resource (SPEC 2.4, 3 Timer, 5 Timer, 7 Timers); its form is described by the
// server from plugins/timers/schemas.py (GET /api/form/timer).
import { defineResource } from '@smogpanel/kit';

export const LIST = '/timer';
export const timers = defineResource({ kind: 'timer', base: '/timer' });
