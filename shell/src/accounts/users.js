import { defineResource } from '@smogpanel/kit';

// SPEC 2.12 / 9: accounts list sorted by updated, newest first.
export const users = defineResource({ kind: 'user', base: '/user', sort: { order: 'updated', asc: false } });

export const isSuper = (user) => Boolean(user && Number(user.super));
export const isSelf = (me, row) => (me.id !== undefined ? me.id === row.id : me.email === row.email);
