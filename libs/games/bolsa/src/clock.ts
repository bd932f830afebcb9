/**
 * ISO-8601 instants as epoch milliseconds, computed by hand so the engine never reads the
 * platform clock: time only comes in as the referee's `context.now`.
 * Accepts "YYYY-MM-DDTHH:MM[:SS[.fff]]" with "Z" or a "+HH:MM" offset.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;
const MILLISECONDS_PER_DAY = 86_400_000;

export function parseInstant(text: string): number | undefined {
  const match = ISO_INSTANT.exec(text);
  if (!match) return undefined;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = match.slice(1, 7).map((part) => Number(part ?? '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hours > 23 || minutes > 59 || seconds > 59) {
    return undefined;
  }
  const milliseconds = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const zone = match[8] ?? 'Z';
  const offsetMinutes = zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return daysFromCivil(year, month, day) * MILLISECONDS_PER_DAY + ((hours * 60 + minutes - offsetMinutes) * 60 + seconds) * 1000 + milliseconds;
}

/** The UTC text "YYYY-MM-DDTHH:MM:SS.fffZ" of epoch milliseconds. */
export function formatInstant(epochMilliseconds: number): string {
  const days = Math.floor(epochMilliseconds / MILLISECONDS_PER_DAY);
  const withinDay = epochMilliseconds - days * MILLISECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const time = `${pad(Math.floor(withinDay / 3_600_000))}:${pad(Math.floor(withinDay / 60_000) % 60)}:${pad(Math.floor(withinDay / 1000) % 60)}`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${time}.${pad(withinDay % 1000, 3)}Z`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
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
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}
