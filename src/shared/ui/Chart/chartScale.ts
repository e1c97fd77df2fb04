/** A round step (1, 2, 2.5 or 5 times a power of ten) that splits `max` into about `parts` parts. */
export function niceStep(max: number, parts = 4): number {
  if (!(max > 0)) return 1;
  const raw = max / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw) ?? 10;
  return step * power;
}

/** The ticks of a value axis from 0 to a round top at or above `max` (0 and one step when there is nothing). */
export function axisTicks(max: number, parts = 4): number[] {
  const step = niceStep(max, parts);
  const top = Math.max(step, Math.ceil(max / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}
