/**
 * ISO-8601 instants as epoch milliseconds, computed by hand so the engine never touches the
 * platform clock. Accepts "YYYY-MM-DDTHH:MM[:SS[.fff]]" with "Z" or a "+HH:MM" offset.
 */
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

const MILLISECONDS_PER_MINUTE = 60_000;
const MILLISECONDS_PER_DAY = 86_400_000;

/** Epoch milliseconds of an ISO-8601 instant, or undefined when the text is not one. */
export function parseInstant(text: string): number | undefined {
  const match = ISO_INSTANT.exec(text);
  if (!match) return undefined;
  const [y = 0, m = 0, d = 0, h = 0, min = 0, s = 0] = match.slice(1, 7).map((part) => Number(part ?? '0'));
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) || h > 23 || min > 59 || s > 59) return undefined;
  const milliseconds = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const zone = match[8] ?? 'Z';
  const offsetMinutes = zone === 'Z' ? 0 : parseOffset(zone);
  if (offsetMinutes === undefined) return undefined;
  return (
    daysFromCivil(y, m, d) * MILLISECONDS_PER_DAY +
    ((h * 60 + min - offsetMinutes) * 60 + s) * 1000 +
    milliseconds
  );
}

/** The UTC ISO-8601 text of epoch milliseconds, as "YYYY-MM-DDTHH:MM:SS.fffZ". */
export function formatInstant(epochMilliseconds: number): string {
  const days = Math.floor(epochMilliseconds / MILLISECONDS_PER_DAY);
  const withinDay = epochMilliseconds - days * MILLISECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(withinDay / 3_600_000);
  const minutes = Math.floor(withinDay / MILLISECONDS_PER_MINUTE) % 60;
  const seconds = Math.floor(withinDay / 1000) % 60;
  const milliseconds = withinDay % 1000;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(milliseconds, 3)}Z`;
}

/** Whole and partial minutes from `from` to `to`, or undefined when either is not an instant. */
export function minutesBetween(from: string, to: string): number | undefined {
  const start = parseInstant(from);
  const end = parseInstant(to);
  return start === undefined || end === undefined ? undefined : (end - start) / MILLISECONDS_PER_MINUTE;
}

function parseOffset(zone: string): number | undefined {
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian calendar).
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}
