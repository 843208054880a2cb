// What the timer shows at a moment: whole days, hours, minutes and seconds to the deadline
// (countdown) or since it (counting up). Before a count-up starts and after a countdown ends: zeros.

export function parts(deadlineMs, nowMs, countdown) {
  const span = countdown ? deadlineMs - nowMs : nowMs - deadlineMs;
  const total = Math.max(0, Math.floor(span / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: countdown && total === 0,
  };
}

/** Milliseconds until the shown seconds change (ticks stay on the second boundary). */
export function untilNextSecond(deadlineMs, nowMs) {
  const rest = (((deadlineMs - nowMs) % 1000) + 1000) % 1000;
  return rest === 0 ? 1000 : rest;
}
