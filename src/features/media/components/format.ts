/** 2024-01-15 → 15.01.2024 (the German form operators search by, too). */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}
