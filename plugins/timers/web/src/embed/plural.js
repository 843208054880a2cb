// The timer's units with their Polish plural forms (the rule itself is the embeds' own).
export { plural, withUnit } from '@smogpanel/embeds/plural';

export const UNITS = [
  { key: 'days', forms: ['dzień', 'dni', 'dni'] },
  { key: 'hours', forms: ['godzina', 'godziny', 'godzin'] },
  { key: 'minutes', forms: ['minuta', 'minuty', 'minut'] },
  { key: 'seconds', forms: ['sekunda', 'sekundy', 'sekund'] },
];
