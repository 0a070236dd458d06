/* Spec §5/§9 display formats: the one place dates and phone numbers are formatted. */

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/dd/yyyy from 'yyyy-MM-dd' or an ISO timestamp (local day); other text unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  if (value.length > 10) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
  }
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** HH:mm (local time, 24-hour as in formatDateTime) of an ISO timestamp, with `:ss` when asked; other text unchanged. */
export function formatTime(value: string | null | undefined, options: { seconds?: boolean } = {}): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}${options.seconds ? `:${pad(date.getSeconds())}` : ''}`;
}

/** MM/dd/yyyy HH:mm (local time) of an ISO timestamp, with `:ss` when asked; text that is no date unchanged. */
export function formatDateTime(value: string | null | undefined, options: { seconds?: boolean } = {}): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDate(value)} ${formatTime(value, options)}`;
}

/** yyyyMMddHHmm of a moment (local time), with `ss` when asked: the timestamp that ends a printable tab's title. */
export function formatTitleStamp(at: Date, options: { seconds?: boolean } = {}): string {
  const minutes = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}`;
  return options.seconds ? `${minutes}${pad(at.getSeconds())}` : minutes;
}

/** A ten-digit phone is shown as xxx-xxx-xxxx; anything else unchanged. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.trim();
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}
